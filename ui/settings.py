"""The player's settings (defaults now; the settings screen and saving come with a later issue)."""
from __future__ import annotations

from dataclasses import dataclass, field

from games.i18n import system_language


@dataclass
class Settings:
    """What a player can set.

    Attributes:
        language: ``en`` or ``ru`` (first start: the system's language).
        anim_speed: ``off``, ``fast`` or ``normal`` (see :data:`ui.anim.SPEED`).
        explain_errors: show why a tap was refused on the status line.
        glow: playable cards glow (TriPeaks).
        four_colour: clubs green, diamonds blue.
        left_handed: mirror the button bar.
        card_back: one of :data:`ui.cards_art.BACK_NAMES`.
        game_options: rule options per game name (``{"tripeaks": {"mode": "easy", …}}``).
    """

    language: str = field(default_factory=system_language)
    anim_speed: str = "normal"
    explain_errors: bool = True
    glow: bool = True
    four_colour: bool = False
    left_handed: bool = False
    card_back: str = "blue"
    game_options: dict = field(default_factory=lambda: {"tripeaks": {"mode": "easy", "scoring": "streak"}})

    def options_for(self, game: str) -> dict:
        """The (mutable) rule options of ``game``."""
        return self.game_options.setdefault(game, {})
