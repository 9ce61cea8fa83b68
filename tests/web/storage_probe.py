"""The browser save calls the game's storage back end must make (PYGBAG.md, "Saving"),
run by CPython compiled to WebAssembly inside Chromium (tests/test_web_storage.py).

In pygbag the browser window is ``platform.window``; in Pyodide it is ``js.window``: both are
proxies of the same JavaScript object, so the calls below are the game's calls. Keys carry our
prefix (itch.io shares one origin between games); values are JSON text; a missing key reads as
``None``; a full quota raises an exception (a plain ``Exception`` in pygbag, ``JsException``
in Pyodide: catch ``Exception``) and changes nothing.
"""
import json

try:
    from platform import window  # pygbag
except ImportError:
    from js import window  # Pyodide

PREFIX = "pasyans."


def put(key, value):
    """Store ``value`` as JSON under ``pasyans.<key>``. :returns: ``None`` or the error's text."""
    try:
        window.localStorage.setItem(PREFIX + key, json.dumps(value, ensure_ascii=False))
    except Exception as e:  # quota full: the old value stays
        return f"{type(e).__name__}: {e}"[:200]
    return None


def get(key):
    """The value under ``pasyans.<key>``, or ``None`` when there is none."""
    text = window.localStorage.getItem(PREFIX + key)
    return None if text is None else json.loads(text)


SAVE = {"game": "tripeaks", "deal": 1, "options": {"mode": "easy"}, "moves": ["s", "3D", "2S", "u", "2S"]}
SETTINGS = {"lang": "ru", "title": "Пасьянс ♠♥", "animations": True}


def run(phase):
    """``store``: write a save and settings, then fill the quota; ``read``: read them back."""
    out = {"phase": phase}
    if phase == "store":
        out["missing"] = get("no.such.key")
        out["put"] = [put("v1.save.tripeaks", SAVE), put("v1.settings", SETTINGS)]
        chunk = "x" * (1 << 20)
        stored, error = 0, None
        for i in range(64):
            error = put(f"quota.{i}", chunk)
            if error:
                break
            stored += 1
        out["quota_chunks_stored"] = stored
        out["quota_error"] = error
        out["save_after_quota"] = get("v1.save.tripeaks")
        for i in range(stored):
            window.localStorage.removeItem(f"{PREFIX}quota.{i}")
    out["save"] = get("v1.save.tripeaks")
    out["settings"] = get("v1.settings")
    out["keys"] = sorted(window.localStorage.key(i) for i in range(window.localStorage.length))
    out["expected"] = {"save": SAVE, "settings": SETTINGS}
    return out
