"""The player's settings, kept in the :class:`~ui.storage.Store` as the record
``settings``.

:meth:`Settings.from_data` checks every field, the rule options through the games' own
``Rules.check_options``; it is the record kind ``settings``'s reader (docs/storage.md), used on
load and on import: a stored record that fails it is kept aside by the Store (``settings.corrupt``,
one notice, defaults used). Unknown keys are ignored (a newer version may add some). First start: the language of the
browser (``navigator.language``) under pygbag, else of the system's locale.
"""
from __future__ import annotations

import sys
from dataclasses import asdict, dataclass, field, fields

from games.i18n import LANGUAGES, N_, system_language, tr

from .storage import RecordKind, register_kind

SPEEDS = ("normal", "fast", "off")
RECORD = "settings"
CARD_BACKS = ("blue", "red", "green", "graphite")
"""The card backs' names (:data:`ui.cards_art.BACK_NAMES` draws exactly these), here so the
settings' reader needs no pygame."""


def browser_language() -> str | None:
    """``ru``/``en`` from ``window.navigator.language`` in the browser; ``None`` elsewhere."""
    if sys.platform != "emscripten":
        return None
    try:
        from platform import window  # pygbag's bridge to the page

        lang = str(window.navigator.language or "")
    except Exception:
        return None
    return "ru" if lang.lower().startswith("ru") else "en"


def first_language() -> str:
    """The language of a first start: the browser's, else the system's."""
    return browser_language() or system_language()


@dataclass
class Settings:
    """What a player can set.

    Attributes:
        language: ``en`` or ``ru`` (first start: the browser's or the system's language).
        sound: short sounds for draw, play, refused tap and win.
        anim_speed: ``off``, ``fast`` or ``normal`` (see :data:`ui.anim.SPEED`).
        explain_errors: show why a tap was refused on the status line.
        glow: playable cards glow (TriPeaks).
        four_colour: clubs green, diamonds blue.
        left_handed: mirror the stock and the button bar.
        card_back: one of :data:`CARD_BACKS`.
        solvable_only: new deals come from the banks of verified deals where one exists
            (docs/rules.md, "Features shared by all six games").
        auto_foundation: Klondike and FreeCell send cards no longer needed to the foundations
            by themselves (docs/rules.md, "Auto to foundation").
        live_winnable: a line under the top bar says after each move whether the solver still
            finds a win (off by default; ui/table/assist.py).
        show_clock: a table's top bar shows the time and the score during play; off, they show
            only once the game is over (the clock runs for the statistics either way), as
            Windows Solitaire's untimed play.
        game_options: rule options per game name (``{"tripeaks": {"mode": "easy", …}}``).
    """

    language: str = field(default_factory=first_language)
    sound: bool = True
    anim_speed: str = "normal"
    explain_errors: bool = True
    glow: bool = True
    four_colour: bool = False
    left_handed: bool = False
    card_back: str = "blue"
    solvable_only: bool = True
    auto_foundation: bool = True
    live_winnable: bool = False
    show_clock: bool = True
    game_options: dict = field(default_factory=lambda: {"tripeaks": {"mode": "easy", "scoring": "streak"}})

    def __post_init__(self):
        self._base: dict | None = None
        """The record as this window last read or wrote it (None: never: every field is this
        window's own)."""

    def options_for(self, game: str) -> dict:
        """The (mutable) rule options of ``game``."""
        return self.game_options.setdefault(game, {})

    # -- storage ---------------------------------------------------------------------------------
    def to_data(self) -> dict:
        """A JSON-ready dict of every field."""
        return asdict(self)

    @classmethod
    def from_data(cls, data) -> "Settings":
        """Settings from a stored dict. :raises ValueError: naming the first bad field."""
        if not isinstance(data, dict):
            raise ValueError("settings: not an object")
        checks = {
            "language": lambda v: isinstance(v, str) and v in LANGUAGES,
            "anim_speed": lambda v: isinstance(v, str) and v in SPEEDS,
            "card_back": lambda v: isinstance(v, str) and v in CARD_BACKS,
            "game_options": valid_game_options,
        }
        kw = {}
        for f in fields(cls):
            if f.name not in data:
                continue
            v = data[f.name]
            ok = checks[f.name](v) if f.name in checks else isinstance(v, bool)
            if not ok:
                raise ValueError(f"settings: bad {f.name} {v!r}")
            kw[f.name] = {k: dict(o) for k, o in v.items()} if f.name == "game_options" else v
        return cls(**kw)

    @classmethod
    def readable(cls, data) -> "Settings":
        """Settings from a stored dict that does not read as a whole (a newer version's value, a
        hand edit): every field that reads on its own is taken, each rule option of each game
        apart (a newer version's new option leaves that game's others), the rest stay at their
        defaults, so one unknown value does not reset the language and
        every other choice. Never raises."""
        if not isinstance(data, dict):
            return cls()
        kw = {}
        for f in fields(cls):
            if f.name not in data:
                continue
            v = data[f.name]
            if f.name == "game_options":   # each option of each game on its own
                if isinstance(v, dict):
                    opts = cls().game_options
                    for g, o in v.items():
                        good = {k: x for k, x in o.items() if valid_game_options({g: {k: x}})} \
                            if isinstance(o, dict) else {}
                        if good and valid_game_options({g: good}):
                            opts[g] = good
                    kw[f.name] = opts
                continue
            try:
                kw[f.name] = getattr(cls.from_data({f.name: v}), f.name)
            except ValueError:
                pass
        return cls(**kw)

    @classmethod
    def valid(cls, data) -> bool:
        """Whether ``data`` reads as settings (the Store's ``validate``)."""
        try:
            cls.from_data(data)
        except ValueError:
            return False
        return True

    @classmethod
    def load(cls, store) -> "Settings":
        """The stored settings, or defaults (first start). A record that does not read as a whole
        is kept aside by the Store with its notice, and every field of it that reads on its own
        is kept (:meth:`readable`), a newer version's record's too (its fields under their
        names: the language first); this window then owns every field, so its next save writes
        them all."""
        raw = store.peek(RECORD)
        data = store.load(RECORD, None, cls.valid)
        if data is None:
            try:
                return cls.readable(store._decode(RECORD, raw, newer=True)) if raw is not None else cls()
            except Exception:   # not JSON, not a record: nothing of it reads
                return cls()
        out = cls.from_data(data)
        out._base = data
        return out

    def merged(self, stored: dict | None) -> dict:
        """The record to write: ``stored`` (what is stored now, another window's changes and
        keys a newer version wrote included) with every field this window changed since it last
        read or wrote the record put over it; a rule option is one field of its own (two
        windows choosing options of two games keep both). Last writer wins per field."""
        mine = self.to_data()
        if self._base is None:
            return (dict(stored) if stored is not None else {}) | mine
        base = Settings.from_data(self._base).to_data()   # a field the record lacked: its default
        out = dict(stored) if stored is not None else dict(self._base)
        out["game_options"] = {g: dict(o) for g, o in out.get("game_options", {}).items()}
        for k, v in mine.items():
            if base[k] == v:
                continue
            if k == "game_options":
                for g, opts in v.items():
                    for o, x in opts.items():
                        if base[k].get(g, {}).get(o) != x:
                            out["game_options"].setdefault(g, {})[o] = x
            else:
                out[k] = v
        return out

    def refresh(self, store) -> None:
        """Take the settings another window stored since this window last read or wrote them,
        keeping this window's own changes not yet written."""
        stored = store.load(RECORD, None, Settings.valid)
        if stored is None:
            return
        try:
            self._adopt(self.merged(stored))
        except ValueError:
            return
        self._base = stored

    def _adopt(self, data: dict) -> None:
        """Take ``data``'s fields. The rule options are changed in place: a table's options
        menu holds ``options_for(game)``'s dict across saves. :raises ValueError:"""
        new = Settings.from_data(data)
        for f in fields(self):
            if f.name != "game_options":
                setattr(self, f.name, getattr(new, f.name))
        mine = self.game_options
        for g in [g for g in mine if g not in new.game_options]:
            del mine[g]
        for g, opts in new.game_options.items():
            d = mine.setdefault(g, {})
            if d != opts:
                d.clear()
                d.update(opts)

    def save(self, store) -> bool:
        """Store these settings over the record as stored now (:meth:`merged`: another window's
        settings are kept but for the fields this window changed), and take the result as this
        window's settings. False (with a Store notice) when the back end refuses; this window's
        changes are then written with the next save."""
        stored = store.load(RECORD, None, Settings.valid)
        data = self.merged(stored)
        try:
            self._adopt(data)
        except ValueError:   # two windows' rule options that together do not read: this window's
            data = self.to_data()
        if not store.save(RECORD, data):
            if stored is not None:
                self._base = stored
            return False
        self._base = data
        return True


def valid_game_options(v) -> bool:
    """Whether ``v`` is ``{game: {option: value}}`` of known games whose rules accept every
    option and value (``Rules.check_options``)."""
    from games.core import GameError
    from games.registry import GAMES, find_game

    if not isinstance(v, dict):
        return False
    for game, opts in v.items():
        if not isinstance(game, str) or game not in GAMES or not isinstance(opts, dict):
            return False
        if not all(isinstance(a, str) and isinstance(b, str) for a, b in opts.items()):
            return False
        try:
            find_game(game).check_options(opts)
        except (GameError, ValueError):
            return False
    return True


def _read_settings(data, name):
    Settings.from_data(data)
    return data


register_kind(RecordKind(RECORD, _read_settings, lambda name: tr(N_("settings"))))
