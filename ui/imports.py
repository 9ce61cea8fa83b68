"""Modules imported ahead of need, a piece per frame (docs/web.md, "The last frames over 16 ms,
session 11").

The page ships the games' searches as source only (``games/solvers/``, docs/web.md "Size"), so a
search's first import compiles it there: Klondike's two modules take 25-35 ms in WebAssembly,
and that came in the frame whose tap asked for the first hint. A table therefore imports its
game's search after its first picture, in the frames' spare time (``GameTable.spare``), with
:class:`PieceImport`: a module whose byte-code is at hand (the desktop's ``__pycache__``) is
imported whole in one piece (reading byte-code is cheap); one that would be compiled from source
is compiled and run a group of top-level statements at a time (a ``def`` or ``class`` and what
follows it up to the next one, groups joined up to :data:`PIECE_CHARS` characters), each in a
frame. The module object is the one a plain import makes (same name, file, spec, globals), put
in ``sys.modules`` only once whole, so that a plain import meanwhile (a hint asked for before the
pieces are done) imports it whole as before, and the pieces stop.
"""
from __future__ import annotations

import __future__
import importlib
import importlib.util
import os
import sys

PIECE_CHARS = 6000
"""Characters of source compiled in one piece at most, unless one top-level statement is longer
(a class is compiled whole): about 1 ms natively, 2-4 ms in WebAssembly."""

_STARTS = ("def ", "class ", "async def ", "@")


def source_pieces(source: str) -> list[tuple[int, str]]:
    """``source`` cut into pieces that compile one by one and, run in order in one namespace, do
    what the whole does: ``[(first line index, text)]``. Cuts fall before a line that starts a
    top-level ``def``, ``class`` or decorator, pieces are joined up to :data:`PIECE_CHARS`, and a
    cut inside a string or brackets (its piece does not compile alone) is dropped."""
    lines = source.splitlines(keepends=True)
    cuts = [0] + [i for i, line in enumerate(lines) if i and line.startswith(_STARTS)
                  and not lines[i - 1].startswith("@")] + [len(lines)]
    pieces: list[tuple[int, str]] = []
    start, size = 0, 0
    for a, b in zip(cuts, cuts[1:]):
        n = sum(len(line) for line in lines[a:b])
        if a > start and size + n > PIECE_CHARS:
            pieces.append((start, "".join(lines[start:a])))
            start, size = a, 0
        size += n
    if start < len(lines):
        pieces.append((start, "".join(lines[start:])))
    return pieces


class PieceImport:
    """Import ``names`` (module names, each after those it imports) a piece at a time
    (:meth:`step`); ``done`` once every one is in ``sys.modules``. A piece that fails (it should
    not) drops the rest: a plain import brings the module when it is needed, as before."""

    def __init__(self, names):
        self.todo = [n for n in names if n not in sys.modules]
        self.current = None   # [name, module, [(line, text)…], index of the next piece]
        self.pieces = 0       # pieces run so far (tests count them)

    @property
    def done(self) -> bool:
        return not self.todo and self.current is None

    def step(self) -> None:
        """Run one piece: a module whose byte-code exists imported whole, else one group of the
        source's top-level statements compiled and run. Never raises: a failure drops the rest
        (a plain import brings the module when it is needed)."""
        try:
            self._step()
        except Exception:
            if self.current is not None:
                sys.modules.pop(self.current[0], None)
            self.current = None
            self.todo = []

    def _step(self) -> None:
        while self.current is None:
            if not self.todo:
                return
            name = self.todo.pop(0)
            if name in sys.modules:
                continue
            self.pieces += 1
            spec = importlib.util.find_spec(name)
            origin = getattr(spec, "origin", None)
            if (spec is None or not origin or not origin.endswith(".py") or spec.submodule_search_locations
                    or (spec.cached and os.path.exists(spec.cached))):
                importlib.import_module(name)   # byte-code at hand (or not a plain source module)
                return
            with open(origin, encoding="utf-8") as f:
                source = f.read()
            self.current = [name, importlib.util.module_from_spec(spec), source_pieces(source), 0, source]
            return
        name, module, pieces, i, source = self.current
        if name in sys.modules:       # imported whole meanwhile
            self.current = None
            return self._step()
        self.pieces += 1
        flags = __future__.annotations.compiler_flag if "from __future__ import annotations" in source else 0
        last = i == len(pieces) - 1
        line, text = pieces[i]
        try:
            code = compile("\n" * line + text, module.__file__, "exec", flags=flags, dont_inherit=True)
        except SyntaxError:
            if last:
                raise
            pieces[i + 1] = (line, text + pieces[i + 1][1])   # a cut inside a string or brackets
            self.current[3] = i + 1
            return
        sys.modules[name] = module   # as a plain import has it while the module runs
        try:
            exec(code, module.__dict__)
        finally:
            if not last:
                del sys.modules[name]
        self.current[3] = i + 1
        if last:
            self.current = None
            parent, _, child = name.rpartition(".")
            if parent in sys.modules:
                setattr(sys.modules[parent], child, module)
