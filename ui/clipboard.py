"""The clipboard: copy a result line or a deal's address, read a pasted deal code.

In the browser (pygbag) the page's ``navigator.clipboard`` through ``platform.window`` (the copy
runs in the page; browsers allow it after a tap); on the desktop pygame-ce's ``pygame.scrap``.
Tests and machines without a clipboard fall back to :data:`LAST`, so a copy never fails loudly:
the caller shows the text too.
"""
from __future__ import annotations

import json
import sys

WEB = sys.platform == "emscripten"
LAST = [""]
"""The last text copied (also what :func:`paste` returns when no clipboard answers)."""


REFUSED: list = []
"""The browser's copy waiting for its answer: ``[on_refused]`` while the page's ``writeText``
promise is pending, empty otherwise (:func:`poll`)."""

# The browser's copy: writeText answers later (a promise); its answer waits in
# window.pasyans_copied ('pending', 'done', 'refused') for poll. No navigator.clipboard (a page
# not served over https) is a refusal at once.
_COPY_JS = ("(() => { const c = navigator.clipboard;"
            " if (!c || !c.writeText) { window.pasyans_copied = 'refused'; return; }"
            " window.pasyans_copied = 'pending';"
            " try { c.writeText(%s).then(() => { window.pasyans_copied = 'done'; },"
            " () => { window.pasyans_copied = 'refused'; }); }"
            " catch (e) { window.pasyans_copied = 'refused'; } })()")


def copy(text: str, on_refused=None) -> bool:
    """Put ``text`` on the clipboard. Returns whether a real clipboard took it.

    In the browser the copy is asked of the page and answered a few frames later: this returns
    True when the page has a clipboard, and ``on_refused()`` (no argument) is called by
    :func:`poll` on the frame the browser's refusal arrives (no focus, no permission), so the
    caller can take back its "copied". A page without a clipboard returns False at once.
    """
    LAST[0] = text
    if WEB:
        REFUSED.clear()
        try:
            from platform import window  # pygbag's bridge to the page

            window.eval(_COPY_JS % json.dumps(text))
            if str(window.pasyans_copied) == "refused":
                return False
        except Exception:
            return False
        if on_refused is not None:
            REFUSED.append(on_refused)
        return True
    try:
        import pygame

        if not pygame.display.get_init() or pygame.display.get_driver() in ("dummy", "offscreen"):
            return False
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        pygame.scrap.put_text(text)
        return True
    except Exception:
        return False


def poll() -> None:
    """Browser, once a frame while a copy waits (:data:`REFUSED`): read the page's answer; on a
    refusal call the copy's ``on_refused``, on success forget it. Nothing while none waits."""
    if not REFUSED:
        return
    try:
        from platform import window  # pygbag's bridge to the page

        got = str(window.pasyans_copied)
    except Exception:
        got = "refused"
    if got == "pending":
        return
    call = REFUSED.pop()
    if got != "done":
        call()


def paste() -> str:
    """The clipboard's text on the desktop ('' when none); in the browser a paste arrives as text
    input (Ctrl+V in the page), so this gives the last copied text."""
    if not WEB:
        try:
            import pygame

            if pygame.display.get_init() and pygame.display.get_driver() not in ("dummy", "offscreen"):
                if not pygame.scrap.get_init():
                    pygame.scrap.init()
                got = pygame.scrap.get_text()
                if got:
                    return got
        except Exception:
            pass
    return LAST[0]


# The page's paste listener: a paste event (Ctrl+V while the canvas has the focus, the browser's
# Paste menu, a phone's paste) carries its text in clipboardData, with no permission to ask; the
# text waits in window.pasyans_paste for take_paste, and pasyans_paste_at says when it came.
_LISTEN_JS = ("if (!window.pasyans_paste_listening) { window.pasyans_paste_listening = true;"
              " document.addEventListener('paste', (e) => {"
              " const t = e.clipboardData ? e.clipboardData.getData('text') : '';"
              " if (t) { window.pasyans_paste = t; window.pasyans_paste_at = Date.now(); e.preventDefault(); } },"
              " true); }")
# Ctrl+V also reaches the app as a key: the clipboard is then read (an asynchronous permission
# prompt), unless a paste event brought the text in the last second (the same paste, once).
_READ_JS = ("if (Date.now() - (window.pasyans_paste_at || 0) > 1000) {"
            " navigator.clipboard.readText().then(t => { window.pasyans_paste = t; })"
            ".catch(() => { window.pasyans_paste = ''; }); }")


def listen_paste() -> None:
    """Browser: make sure the page's paste events reach :func:`take_paste` (installed once), and
    forget a text pasted earlier while no field was open. Nothing on the desktop."""
    if not WEB:
        return
    try:
        from platform import window  # pygbag's bridge to the page

        window.eval(_LISTEN_JS)
        window.pasyans_paste = None
    except Exception:
        pass


def request_paste() -> str | None:
    """Ctrl+V in a text field: the clipboard's text now on the desktop; in the browser the page
    is asked to read it (an asynchronous permission prompt; skipped when a paste event brought
    the text just now) and :func:`take_paste` gives it on a later frame, so this returns None
    there."""
    if WEB:
        try:
            from platform import window  # pygbag's bridge to the page

            window.eval(_READ_JS)
        except Exception:
            pass
        return None
    return paste()


def take_paste() -> str | None:
    """The text the page read after :func:`request_paste`, or a paste event brought
    (:func:`listen_paste`), once (browser); None meanwhile."""
    if not WEB:
        return None
    try:
        from platform import window  # pygbag's bridge to the page

        t = window.pasyans_paste
        if t is None or str(t) in ("undefined", "null"):
            return None
        window.pasyans_paste = None
        return str(t)
    except Exception:
        return None
