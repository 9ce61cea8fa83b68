"""Pasyans: the entry point, on the desktop and in the browser (pygbag).

``async def main()`` runs the app one frame at a time and awaits ``asyncio.sleep(0)`` after each
frame, so the browser's frame clock drives it (docs/design.md, "The browser (pygbag)"). On the desktop the pause is
``App.pause`` (a few ms) so an idle window does not spin a CPU core.
"""
import asyncio
import sys

import pygame  # third-party imports at the top of main.py (pygbag scans them)

from ui.app import App


async def main():
    app = App()
    while app.running:
        app.frame()
        await asyncio.sleep(app.pause)
    app.close()
    if sys.platform != "emscripten":
        pygame.quit()


asyncio.run(main())
