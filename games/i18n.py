"""The message catalogue: every string a player can see, in Russian and English.

Catalogues are gettext-style ``.po`` files, one folder a language and one file a domain
(``locales/ru/tripeaks.po``, ``locales/ru/app.po``…; all files of a language are merged); the
``msgid`` is the English text, with ``{name}`` placeholders filled by :func:`tr`. This module
reads ``.po`` files itself (msgid / msgstr / msgctxt, multi-line strings, escapes) because the
standard ``gettext`` module reads only compiled ``.mo`` files. Pure Python: the rules, the command
line and the app share it.
"""
from __future__ import annotations

import os
from pathlib import Path

LOCALES_DIR = Path(__file__).resolve().parent.parent / "locales"
LANGUAGES = ("en", "ru")
_catalogues: dict[str, dict[str, str]] = {}
_current = ["en"]


def _unquote(s: str) -> str:
    s = s.strip()
    if not (s.startswith('"') and s.endswith('"')):
        raise ValueError(f"not a quoted string: {s}")
    body = s[1:-1]
    out, i = [], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            nxt = body[i + 1]
            out.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\"}.get(nxt, nxt))
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def parse_po(text: str) -> dict[str, str]:
    """Entries of a ``.po`` text as ``{msgid: msgstr}`` (empty msgstr entries are left out).

    :raises ValueError: naming the line of a malformed entry.
    """
    entries: dict[str, str] = {}
    cur: dict[str, str] = {}
    field = None

    def flush():
        if "msgid" in cur and cur.get("msgstr"):
            key = cur["msgid"] if "msgctxt" not in cur else cur["msgctxt"] + "\x04" + cur["msgid"]
            if key:
                entries[key] = cur["msgstr"]

    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            flush(); cur = {}; field = None
            continue
        if line.startswith("#"):
            continue
        try:
            if line.startswith('"'):
                if field is None:
                    raise ValueError("continuation without a field")
                cur[field] += _unquote(line)
                continue
            key, _, rest = line.partition(" ")
            if key not in ("msgid", "msgstr", "msgctxt"):
                raise ValueError(f"unknown keyword {key}")
            if key == "msgctxt" or (key == "msgid" and "msgstr" in cur):
                flush(); cur = {}
            field = key
            cur[key] = _unquote(rest)
        except ValueError as e:
            raise ValueError(f"line {no}: {e}") from None
    flush()
    return entries


def catalogue(lang: str) -> dict[str, str]:
    """The ``{English: translation}`` mapping of ``lang`` (empty for English or a missing file)."""
    if lang not in _catalogues:
        merged: dict[str, str] = {}
        folder = LOCALES_DIR / lang
        for path in sorted(folder.glob("*.po")) if folder.is_dir() else []:
            try:
                merged.update(parse_po(path.read_text(encoding="utf-8")))
            except (OSError, ValueError):
                continue  # a broken catalogue shows English rather than crash; a test catches it
        _catalogues[lang] = merged
    return _catalogues[lang]


def set_language(lang: str) -> None:
    """Make ``lang`` (``en`` or ``ru``) the language of :func:`tr`. Unknown languages fall back to English."""
    _current[0] = lang if lang in LANGUAGES else "en"


def language() -> str:
    """The current language code."""
    return _current[0]


def system_language(environ=os.environ) -> str:
    """``ru`` when the system's locale variables name Russian, else ``en``."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        v = environ.get(var, "")
        if v:
            return "ru" if v.lower().startswith("ru") else "en"
    return "en"


def tr(msgid: str, lang: str | None = None, context: str | None = None, **kw) -> str:
    """``msgid`` translated into ``lang`` (default: the current language), placeholders filled.

    A message missing from a catalogue shows in English (a test checks none is missing).
    """
    lang = lang or _current[0]
    key = msgid if context is None else context + "\x04" + msgid
    text = catalogue(lang).get(key, msgid) if lang != "en" else catalogue("en").get(key, msgid)
    return text.format(**kw) if kw else text


def N_(msgid: str) -> str:
    """Marks ``msgid`` for the catalogue without translating it now."""
    return msgid
