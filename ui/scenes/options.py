"""Names of every game's rule options and their values for the app's menus.

A game's options are its Rules' ``options`` (``{key: (values…)}``, the first the default); a
menu row cycles through the values, unless the game's table declares a picker for the option
(:attr:`ui.table.base.GameTable.pickers`, e.g. Pyramid's layout picker with thumbnails).
"""
from __future__ import annotations

from games.i18n import N_, tr
from games.registry import UnknownGame, find_game

LABELS = {
    "mode": N_("Mode"), "scoring": N_("Scoring"), "layout": N_("Layout"), "passes": N_("Passes"),
    "suits": N_("Suits"), "relaxed": N_("Deal with an empty column"), "draw": N_("Draw"),
}
VALUES = {
    ("mode", "easy"): N_("Easy (K and A touch)"), ("mode", "classic"): N_("Classic (no wrap)"),
    ("scoring", "streak"): N_("streak"), ("scoring", "moves"): N_("moves"),
    ("passes", "unlimited"): N_("unlimited"), ("passes", "3"): N_("3 passes"),
    ("relaxed", "no"): N_("no"), ("relaxed", "yes"): N_("yes"),
    ("draw", "1"): N_("1 card"), ("draw", "3"): N_("3 cards"),
}

CYCLES = {("spider", "suits"): ("1", "2", "4")}
"""The order a menu row steps through an option's values where it is not the rules' order (whose
first value is the default): Spider's suits by difficulty, 1 → 2 → 4 → 1, as the best apps list
them."""


def next_value(game: str, key: str, values, current: str) -> str:
    """The value a tap on ``game``'s ``key`` row gives after ``current``, the same on the home
    sheet and at the table: :data:`CYCLES`' order, else ``values``' (a value not among them gives
    the first)."""
    order = tuple(CYCLES.get((game, key), values))
    return order[(order.index(current) + 1) % len(order)] if current in order else order[0]


def rule_options(game: str) -> dict[str, tuple[str, ...]]:
    """The options of ``game`` (empty for a game whose rules are not built)."""
    try:
        return dict(find_game(game).options)
    except UnknownGame:
        return {}


def option_label(key: str) -> str:
    return tr(LABELS[key]) if key in LABELS else key.capitalize()


def value_label(game: str, key: str, value: str) -> str:
    """The translated name of ``value`` (a Pyramid layout: its number and name)."""
    if (key, value) in VALUES:
        return tr(VALUES[(key, value)])
    try:
        labels = find_game(game).option_labels
    except (UnknownGame, KeyError):
        labels = {}
    if value in labels.get(key, {}):
        return tr(labels[key][value])
    if game == "pyramid" and key == "layout" and str(value).isdigit():
        from ui.table.pyramid import layout_name

        return f"{value} · {layout_name(int(value))}"
    return str(value)


def current(settings, game: str) -> dict[str, str]:
    """The remembered options of ``game`` with defaults filled (unknown values dropped)."""
    opts = rule_options(game)
    mine = settings.options_for(game)
    return {k: (mine[k] if mine.get(k) in v else v[0]) for k, v in opts.items()}


def variant_text(game: str, options: dict) -> str:
    """A short name of a variant: the values joined by `` · `` (``Easy … · streak``); a yes/no
    option is named with its value (``2 suits · Deal with an empty column: yes``), as a bare
    "yes" says nothing."""
    opts = rule_options(game)
    return " · ".join(_named_value(game, k, str(options[k])) for k in opts if k in options)


def _named_value(game: str, key: str, value: str) -> str:
    if set(rule_options(game).get(key, ())) == {"no", "yes"}:
        return f"{option_label(key)}: {value_label(game, key, value)}"
    return value_label(game, key, value)
