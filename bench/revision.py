"""A module of this repository as of an earlier git revision, loaded beside the working one: what
the "same search" checks (bench/klondike_same_search.py, bench/klondike_proof_same.py) compare a
pure speed-up against."""
from __future__ import annotations

import subprocess
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_at(rev: str, path: str, name: str) -> types.ModuleType:
    """The Python file ``path`` (e.g. ``games/solvers/klondike.py``) as of git revision ``rev``,
    executed as a new module ``name`` in the package of its folder (so its relative imports
    reach the working tree's modules).

    :raises subprocess.CalledProcessError: when git does not know ``rev`` or ``path`` there."""
    src = subprocess.run(["git", "show", f"{rev}:{path}"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    mod = types.ModuleType(name)
    mod.__package__ = path.rsplit("/", 1)[0].replace("/", ".")
    mod.__file__ = f"<{rev}:{path}>"
    exec(compile(src, mod.__file__, "exec"), mod.__dict__)
    return mod


def tally(groups: dict, group: str, t_ref: float, t_new: float, same: bool, answer, extra: tuple = ()) -> list:
    """Count one case of a sameness check into ``groups[group]``, the list ``[cases, identical,
    reference seconds, working seconds, {answer: cases}, *extra]`` (made on the group's first case,
    ``extra`` its further counters' starting values); returns that list."""
    g = groups.setdefault(group, [0, 0, 0.0, 0.0, {}, *extra])
    g[0] += 1
    g[1] += bool(same)
    g[2] += t_ref
    g[3] += t_new
    g[4][answer] = g[4].get(answer, 0) + 1
    return g


def total_line(groups: dict) -> str:
    """The last line of a sameness check: cases identical of all, and the CPU seconds of the
    reference against the working copy with their ratio. ``groups`` maps a group's name to a
    list starting ``[cases, identical, reference seconds, working seconds, …]``."""
    n = sum(g[0] for g in groups.values())
    same = sum(g[1] for g in groups.values())
    tr = sum(g[2] for g in groups.values())
    tn = sum(g[3] for g in groups.values())
    return f"all: {same}/{n} identical; CPU {tr:.2f} s -> {tn:.2f} s, x{tr / tn:.2f}"
