"""The message catalogue: every string a player can see, in Russian and English.

Catalogues are gettext-style ``.po`` files, one folder a language and one file a domain
(``locales/ru/tripeaks.po``, ``locales/ru/app.po``…; all files of a language are merged); the
``msgid`` is the English text, with ``{name}`` placeholders filled by :func:`tr`. This module
reads ``.po`` files itself (msgid / msgstr / msgctxt, multi-line strings, escapes) because the
standard ``gettext`` module reads only compiled ``.mo`` files. Pure Python: the rules, the command
line and the app share it.
"""
from __future__ import annotations

import errno
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
    if "\\" not in body:
        return body        # most lines have no escape: no loop over the characters
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

    A message missing from a catalogue shows in English (a test checks none is missing). A text
    made in the current language is remembered (the last :data:`SAID_MAX`), so that
    :func:`again` can say it anew after the language changes.
    """
    current = lang is None
    lang = lang or _current[0]
    key = msgid if context is None else context + "\x04" + msgid
    text = catalogue(lang).get(key, msgid) if lang != "en" else catalogue("en").get(key, msgid)
    out = text.format(**kw) if kw else text
    if current:
        _remember(out, (msgid, context, kw))
    return out


def _remember(text: str, made) -> None:
    """Keep how ``text`` was made for :func:`again`, as the newest of :data:`SAID_MAX`: the oldest
    goes when there are more (a text made just now always stays, whatever came before it)."""
    _said.pop(text, None)
    if len(_said) >= SAID_MAX:
        del _said[next(iter(_said))]
    _said[text] = made


SAID_MAX = 512
"""How many of :func:`tr`'s latest texts :func:`again` can say anew."""
_said: dict[str, tuple | dict] = {}


def named(names: dict[str, str]) -> str:
    """A name given in each language by data rather than the catalogue (``{"en": …, "ru": …}``,
    e.g. a Pyramid layout's, from its file) in the current language, English where it has none;
    remembered as :func:`tr`'s texts are, so that :func:`again` says it anew (as a placeholder's
    value too). :raises KeyError: when ``names`` has neither the current language nor English."""
    out = names.get(_current[0]) or names["en"]
    _remember(out, names)
    return out


def again(text: str) -> str:
    """``text`` in the current language when :func:`tr` (or :func:`named`) made it lately (in any
    language): a message still on screen (a table's status line, a notice) follows a change of
    language. Its placeholders' values that ``tr`` or ``named`` made are said anew too (a game's
    title, a layout's name). Any other text comes back as it is."""
    made = _said.get(text)
    if made is None:
        return text
    if isinstance(made, dict):
        return named(made)
    msgid, context, kw = made
    return tr(msgid, context=context, **{k: again(v) if isinstance(v, str) else v for k, v in kw.items()})


def N_(msgid: str) -> str:
    """Marks ``msgid`` for the catalogue without translating it now."""
    return msgid


OS_REASONS = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.ENOSPC: N_("No space left on device"),
    errno.EROFS: N_("Read-only file system"),
    errno.ENAMETOOLONG: N_("File name too long"),
    errno.EIO: N_("Input/output error"),
}
"""The reasons of the operating system's errors a player may meet reading or writing a file, by
``errno``, in the words of Linux's ``strerror`` (the catalogue's English)."""


def os_reason(error: OSError, lang: str | None = None) -> str:
    """The reason of ``error`` to show in a message in ``lang`` (default: the current language):
    the catalogue's translation of its ``errno`` (:data:`OS_REASONS`) in a language other than
    English; else the operating system's own text (``strerror``, or the error's text when it has
    none), so a reason the catalogue lacks is still shown."""
    lang = lang or _current[0]
    own = error.strerror or str(error)
    msgid = OS_REASONS.get(error.errno) if isinstance(error.errno, int) else None
    if lang == "en" or msgid is None:
        return own
    return catalogue(lang).get(msgid, own)


def plural_form(n: int, lang: str | None = None) -> str:
    """The plural form of ``n`` in ``lang`` (default: the current language), the catalogue's
    context for counted words: English ``one`` / ``many``; Russian ``one`` (1, 21…), ``few``
    (2–4, 22–24…), ``many`` (the rest).

    >>> [plural_form(n, "ru") for n in (1, 3, 5, 11, 22)], plural_form(1, "en"), plural_form(2, "en")
    (['one', 'few', 'many', 'many', 'few'], 'one', 'many')
    """
    n = abs(int(n))
    if (lang or _current[0]) == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "many"


def tr_n(msgid: str, n: int, lang: str | None = None, **kw) -> str:
    """``msgid`` for the count ``n`` (filled in as ``{n}``): the catalogue's entry under the
    context of ``n``'s :func:`plural_form` ("1 record", "2 records"; «1 запись», «2 записи», «5
    записей»). Each counted message has an entry per form (``msgctxt "one"``, ``"few"``,
    ``"many"``) in every language, beside its plain entry."""
    lang = lang or _current[0]
    return tr(msgid, lang, context=plural_form(n, lang), n=n, **kw)


# -- numbers and times per language ---------------------------------------------
_NBSP = "\u00a0"


def format_number(value, decimals: int = 0, lang: str | None = None) -> str:
    """``value`` with thousands grouped and ``decimals`` places, as ``lang`` writes numbers:
    English ``12,345.6``; Russian ``12 345,6`` (a no-break space groups, a comma marks decimals).

    >>> format_number(1234567, lang="en"), format_number(1234567.25, 1, "ru")
    ('1,234,567', '1\\xa0234\\xa0567,2')
    """
    lang = lang or _current[0]
    text = f"{float(value):,.{decimals}f}" if decimals else f"{round(value):,d}"
    if lang == "ru":
        text = text.replace(",", _NBSP).replace(".", ",")
    return text


def format_percent(value: float, lang: str | None = None) -> str:
    """A percentage with one decimal (``54.5%``; Russian ``54,5 %``); whole numbers lose ``.0``."""
    lang = lang or _current[0]
    decimals = 0 if float(value).is_integer() else 1
    num = format_number(value, decimals, lang)
    return f"{num}{_NBSP}%" if lang == "ru" else f"{num}%"


def format_duration(seconds: float, lang: str | None = None) -> str:
    """A clock reading: ``m:ss`` under an hour, ``h:mm:ss`` from one hour (whole seconds, rounded
    down). The same digits in both languages; hours above 9999 are grouped as numbers."""
    try:
        s = max(0, int(seconds))
    except (ValueError, OverflowError, TypeError):  # NaN, infinity: show nothing misleading
        s = 0
    h, rem = divmod(s, 3600)
    m, sec = divmod(rem, 60)
    if h:
        return f"{format_number(h, 0, lang)}:{m:02d}:{sec:02d}"
    return f"{m}:{sec:02d}"
