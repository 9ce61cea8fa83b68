"""Pasyans: the entry point, on the desktop and in the browser (pygbag).

``async def main()`` runs the app one frame at a time and awaits ``asyncio.sleep(0)`` after each
frame, so the browser's frame clock drives it (docs/design.md, "The browser (pygbag)"). On the desktop the pause is
``App.pause`` (a few ms) so an idle window does not spin a CPU core.

On the desktop, Ctrl+C in the terminal that started the game, or that terminal closing (SIGHUP),
ends it as closing its window does: the table is saved (``App.close``) and the process exits
quietly with the shell's code for the signal (130, 129), no traceback.
"""
import asyncio
import signal
import sys

import pygame  # third-party imports at the top of main.py (pygbag scans them)

from ui.app import App


STOPS = {signal.SIGINT, getattr(signal, "SIGHUP", signal.SIGINT)}
"""The signals that end the game from its terminal (Ctrl+C, a hangup)."""
HOLD = sys.platform != "emscripten" and hasattr(signal, "pthread_sigmask")
"""Whether those signals can be held back while the app starts (POSIX desktops)."""


async def main():
    # App() may open and save a shared deal's table before it returns: a stop that came then
    # would leave no app to close, so it waits, blocked, until there is one
    if HOLD:
        signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
    try:
        app = App()
    except BaseException:
        if HOLD:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPS)
        raise
    if HANG_UP:
        asyncio.get_running_loop().add_signal_handler(signal.SIGHUP, _hung_up, app)
    try:
        if HOLD:   # inside the try: a stop held back is raised here, and the app is closed
            signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPS)
        while app.running:
            app.frame()
            await asyncio.sleep(app.pause)
    finally:   # also when Ctrl+C or a hangup stops the loop: what the player did is saved
        app.close()
        if sys.platform != "emscripten":
            pygame.quit()


HANG_UP = sys.platform != "emscripten" and hasattr(signal, "SIGHUP") \
    and signal.getsignal(signal.SIGHUP) is not signal.SIG_IGN   # nohup: keep ignoring it
"""Whether the terminal closing (SIGHUP) ends the game: a POSIX desktop, not under nohup."""
hung_up = False
"""The game ended because its terminal closed: the process exits with 129."""


def _hung_up(app: App) -> None:
    """SIGHUP, run by the event loop between two frames (never inside one, nor inside asyncio's
    own callbacks, where a raised exception would be logged and lost): the loop ends after this
    frame as when the window closes, and ``main``'s ``finally`` saves the table."""
    global hung_up
    hung_up = True
    asyncio.get_running_loop().remove_signal_handler(signal.SIGHUP)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)   # a second hangup while closing changes nothing
    app.running = False


try:
    asyncio.run(main())
except KeyboardInterrupt:
    sys.exit(130)
if hung_up:
    sys.exit(128 + signal.SIGHUP)
