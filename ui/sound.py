"""Short sounds: draw, play, refused tap, win (``assets/sounds/*.ogg``, made by
``tools/make_sounds.py``).

The mixer is started lazily on the first sound wanted, and only when sound is on. Any failure
(no audio device, ``SDL_AUDIODRIVER=dummy``, a missing file) silences the app instead of
raising. In the browser audio may start only after a user gesture (docs/design.md, "The browser (pygbag)"): :meth:`Sounds.gesture` is called by the App on the first tap or key, and nothing is
played before it.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pygame

SOUNDS_DIR = Path(__file__).resolve().parent.parent / "assets" / "sounds"
NAMES = ("draw", "play", "refused", "win")


class Sounds:
    """The app's sound player. ``enabled`` follows the setting; ``play(name)`` never raises."""

    def __init__(self, enabled: bool = True):
        self.enabled = enabled
        self.ready = False          # mixer started and sounds loaded
        self.failed = False         # mixer could not start: stay silent
        self.gestured = sys.platform != "emscripten"
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []  # names asked for while enabled (tests read it)

    def gesture(self) -> None:
        """A user gesture happened (the browser now allows audio)."""
        self.gestured = True

    def _start(self) -> bool:
        if self.ready or self.failed:
            return self.ready
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(22050, -16, 1, 512)
            for n in NAMES:
                path = SOUNDS_DIR / f"{n}.ogg"
                if path.exists():
                    self.sounds[n] = pygame.mixer.Sound(str(path))
                    self.sounds[n].set_volume(0.6)
            self.ready = True
        except (pygame.error, OSError, NotImplementedError):
            self.failed = True
        return self.ready

    def play(self, name: str) -> None:
        """Play sound ``name`` (one of :data:`NAMES`) if sound is on and allowed."""
        if not self.enabled or not self.gestured:
            return
        self.played.append(name)
        del self.played[:-20]
        if self._start() and name in self.sounds:
            try:
                self.sounds[name].play()
            except pygame.error:
                pass
