"""Short sounds: draw, play, refused tap, win (``assets/sounds/*.ogg``, made by
``tools/make_sounds.py``).

In the browser the mixer starts with the app, before its first frame (:meth:`Sounds.start_mixer`,
when sound is on and the page has had a user gesture): its start is one call of 45-60 ms there,
nearly all of it the browser creating the page's first AudioContext (docs/web.md), so no frame of
play carries it. pygbag's page runs ``main.py`` only after its "Tap to play" tap, so the gesture
has come and the context starts running. One made before any gesture would start suspended (the
browsers' autoplay rule), and SDL resumes it on the page's next mouse press or key but not on a
touch (whose ``touchstart`` comes before the page counts the gesture): so a page with no gesture
yet starts its mixer lazily, as the desktop does. Elsewhere (and in the browser
when sound is off at the start) the mixer starts lazily, after the player's first gesture (or the
first sound wanted), and only when sound is on. Either way the rest comes in pieces, one a frame
(:meth:`Sounds.step`, from ``App.frame``: the mixer if not started, then each sound file decoded,
2-8 ms each in WebAssembly), and only in frames that draw nothing (nothing moves on screen then;
never the frame that asked for a sound, never a card's flight). The sound asked for meanwhile
plays as soon as its file is loaded. Any failure (no audio device, ``SDL_AUDIODRIVER=dummy``, a
missing file) silences the app instead of raising. In the browser audio may start only after a
user gesture (docs/design.md, "The browser (pygbag)"): :meth:`Sounds.gesture` is called by the
App on the first tap or key, and nothing is played before it.
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
        self.waiting: str | None = None   # the sound to play once loaded (the mixer starting)
        self.wanted = False                 # the mixer is to start (a gesture came, sound on)
        self._mixer = False                 # the mixer started (by us or already)
        self._missing: set[str] = set()     # sound files not found

    def gesture(self) -> None:
        """A user gesture happened (the browser now allows audio): with sound on, the mixer is
        to start, before any sound is asked for."""
        self.gestured = True
        self.wanted = self.enabled

    def starting(self) -> bool:
        """Whether the mixer is to be started (a sound was asked for or a gesture came with
        sound on, nothing failed yet)."""
        return (self.waiting is not None or (self.wanted and self.enabled)) and not (self.ready or self.failed)

    def start_mixer(self) -> None:
        """Start the mixer now, when sound is on and it has not started (the app's start, in the
        browser): the sound files are still decoded after the first gesture, a file a frame
        (:meth:`step`). A failure silences the app, as in :meth:`step`."""
        if not self.enabled or self._mixer or self.failed:
            return
        try:
            self._open()
        except (pygame.error, OSError, NotImplementedError):
            self.failed = True

    def _open(self) -> None:
        if not pygame.mixer.get_init():
            pygame.mixer.init(22050, -16, 1, 512)
        self._mixer = True

    def step(self) -> None:
        """One piece of the mixer's start (a call each frame, after a sound was asked for or a
        gesture came): the mixer itself, then one sound file; then the sound asked for plays if it
        is loaded."""
        if not self.starting():
            return
        try:
            if not self._mixer:
                self._open()
            else:
                todo = [n for n in NAMES if n not in self.sounds and n not in self._missing]
                if todo:
                    n = todo[0]
                    path = SOUNDS_DIR / f"{n}.ogg"
                    if path.exists():
                        self.sounds[n] = pygame.mixer.Sound(str(path))
                        self.sounds[n].set_volume(0.6)
                    else:
                        self._missing.add(n)
                else:
                    self.ready = True
        except (pygame.error, OSError, NotImplementedError):
            self.failed = True
            self.waiting = None
            self.wanted = False
            return
        name = self.waiting
        if name in self.sounds or (self.ready and name is not None):
            self.waiting = None
            self._play_now(name)

    def _play_now(self, name: str) -> None:
        if name in self.sounds:
            try:
                self.sounds[name].play()
            except pygame.error:
                pass

    def play(self, name: str) -> None:
        """Play sound ``name`` (one of :data:`NAMES`) if sound is on and allowed; before the
        mixer has started, it starts (:meth:`step`) and the sound plays when it is loaded (the
        last one asked for)."""
        if not self.enabled or not self.gestured:
            return
        self.played.append(name)
        del self.played[:-20]
        if self.failed:
            return
        if name in self.sounds:
            self._play_now(name)
        elif not self.ready:
            self.waiting = name
