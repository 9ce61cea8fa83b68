"""Modules imported ahead of need a piece per frame (ui/imports.py): the pieces of a source put
back together are the source, a module imported in pieces is the module a plain import makes,
and each game names the modules of its search (``Rules.search_modules``) that the app imports
ahead of a hint."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import ROOT
from games.registry import GAMES
from ui.imports import PIECE_CHARS, PieceImport, source_pieces

SOLVERS = sorted((ROOT / "games" / "solvers").glob("*.py"))


@pytest.mark.parametrize("path", SOLVERS, ids=lambda p: p.stem)
def test_the_pieces_of_a_search_make_its_source(path):
    src = path.read_text(encoding="utf-8")
    pieces = source_pieces(src)
    assert "".join(text for _, text in pieces) == src
    lines = src.splitlines(keepends=True)
    for line, text in pieces:
        assert "".join(lines[line:line + text.count("\n")]) == text or text == "".join(lines[line:])
    # a piece longer than PIECE_CHARS is one top-level statement with what follows it
    for _, text in pieces:
        if len(text) > PIECE_CHARS:
            starts = [ln for ln in text.splitlines()[1:] if ln.startswith(("def ", "class ", "@"))]
            assert not starts, (path.name, starts[:3])


MODULE = '''"""A module whose docstring has a line that looks like a definition:
def not_a_function():
    and brackets that close at the margin (
)"""
from __future__ import annotations

from dataclasses import dataclass

TABLE = (1,
2)


def first() -> int:
    return TABLE[0]


@dataclass
class Point:
    x: int
    y: int = 0


def doc_line() -> str:
    return """
def inside_a_string():
"""
''' + "\n".join(f"\n\ndef f{k}() -> int:\n    return {k}  # {'x' * 60}" for k in range(200)) + "\n"


def test_a_module_imported_in_pieces_is_the_module_a_plain_import_makes(tmp_path, monkeypatch):
    pkg = tmp_path / "piecepkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "mod.py").write_text(MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    imp = PieceImport(["piecepkg.mod"])
    steps = 0
    while not imp.done:
        imp.step()
        steps += 1
        if not imp.done:
            assert "piecepkg.mod" not in sys.modules     # only once whole
    try:
        m = sys.modules["piecepkg.mod"]
        assert steps >= 4
        assert m.__doc__.startswith("A module whose docstring") and m.__file__ == str(pkg / "mod.py")
        assert m.first() == 1 and m.Point(2).y == 0 and m.f199() == 199 and "inside_a_string" in m.doc_line()
        assert m.f7.__code__.co_firstlineno == MODULE.splitlines().index("def f7() -> int:") + 1
        assert sys.modules["piecepkg"].mod is m
    finally:
        sys.modules.pop("piecepkg.mod", None)
        sys.modules.pop("piecepkg", None)


def test_a_plain_import_meanwhile_stops_the_pieces(tmp_path, monkeypatch):
    pkg = tmp_path / "piecepkg2"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "mod.py").write_text(MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    imp = PieceImport(["piecepkg2.mod"])
    imp.step()
    imp.step()
    try:
        import piecepkg2.mod as plain   # a hint asked for before the pieces are done
        imp.step()
        assert imp.done and sys.modules["piecepkg2.mod"] is plain and plain.f3() == 3
    finally:
        sys.modules.pop("piecepkg2.mod", None)
        sys.modules.pop("piecepkg2", None)


LOADED = r"""
import json, sys
from games.registry import find_game
rules = find_game({game!r})
before = set(sys.modules)
rules.solver(rules.deal(1, {{}}), max_nodes=10)
print(json.dumps([m for m in sys.modules if m not in before and m.startswith("games.solvers.")
                  and m != "games.solvers.search"]))
"""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_names_the_modules_of_its_search(game):
    """``Rules.search_modules`` are the modules the game's solver loads in a fresh interpreter
    (but the shared ``games.solvers.search``, which every table imports)."""
    r = subprocess.run([sys.executable, "-c", LOADED.format(game=game)], cwd=ROOT, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr[-800:]
    from games.registry import find_game

    loaded = json.loads(r.stdout.strip().splitlines()[-1])
    assert sorted(loaded) == sorted(find_game(game).search_modules)


def test_a_module_that_fails_is_left_to_a_plain_import(tmp_path, monkeypatch):
    """A piece that raises (it should not) never reaches the frame: the rest is dropped."""
    pkg = tmp_path / "piecepkg3"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "bad.py").write_text("def f():\n    return 1\n\n\nraise RuntimeError('no')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    imp = PieceImport(["piecepkg3.bad", "piecepkg3.missing"])
    try:
        for _ in range(5):
            imp.step()
        assert imp.done and "piecepkg3.bad" not in sys.modules
    finally:
        sys.modules.pop("piecepkg3", None)
