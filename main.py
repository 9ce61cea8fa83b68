"""Pasyans: the entry point, on the desktop and in the browser (pygbag).

``async def main()`` runs the app one frame at a time and awaits ``asyncio.sleep(0)`` after each
frame, so the browser's frame clock drives it (PYGBAG.md, "The loop").
"""
import asyncio
import sys

import pygame  # third-party imports at the top of main.py (pygbag scans them)

from ui.app import App


async def main():
    app = App()
    while app.running:
        app.frame()
        await asyncio.sleep(0)
    app.close()
    if sys.platform != "emscripten":
        pygame.quit()


asyncio.run(main())
