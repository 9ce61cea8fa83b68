"""What a save costs natively, this tree against an earlier revision, in the same run:
``python bench/save_cost.py [--ref REV] [--n N] [--rounds R]``.

A save happens in the frame a move lands (or that frame's spare time), so its cost is a frame's.
Measured per tree, each in its own Python process (the revision is extracted with ``git
archive`` into a temporary folder), the rounds alternating between the two trees:

* ``game``: ``Progress.save`` of a TriPeaks game (``Session.autosave``'s call) after each of its
  moves, 30 saves a game;
* ``win``: a win counted (``Progress.won``: the statistics record written);
* ``progression``: ``Progression.record`` of a won game (daily results, records, badges).

The back end is ``LocalStorage`` over a dict standing in for ``window.localStorage``, counting
its calls: the calls per save are exact (each is one crossing of pygbag's bridge in the page,
40-100 µs there, docs/web.md), the CPU microseconds (``time.process_time``) are noisy on a
shared machine: their ratio against the reference measured in the same run is what to read.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class CountingLocalStorage:
    """The calls of ``window.localStorage`` the game makes, over a dict, each one counted."""

    def __init__(self):
        self.items: dict[str, str] = {}
        self.calls = {"getItem": 0, "setItem": 0, "removeItem": 0, "key": 0}

    @property
    def length(self):
        return len(self.items)

    def getItem(self, k):
        self.calls["getItem"] += 1
        return self.items.get(k)

    def setItem(self, k, v):
        self.calls["setItem"] += 1
        self.items[k] = v

    def removeItem(self, k):
        self.calls["removeItem"] += 1
        self.items.pop(k, None)

    def key(self, i):
        self.calls["key"] += 1
        return sorted(self.items)[i]


class Window:
    def __init__(self):
        self.localStorage = CountingLocalStorage()


def measure(n: int) -> dict:
    """Run in the tree to measure (its folder first on ``sys.path``): per kind of save, the CPU
    µs and the localStorage calls of one save, over ``n`` saves."""
    from games.core import History
    from games.progression import GameResult
    from games.tripeaks import DRAW, TriPeaks
    from ui.progress import Progress
    from ui.progression import Progression
    from ui.storage import LocalStorage, Store

    opts = {"mode": "easy", "scoring": "streak"}
    w = Window()
    store = Store(LocalStorage(w))
    progress = Progress(store)
    progression = Progression(store)
    ls = w.localStorage
    out = {}

    def game_saves():
        done, t, calls = 0, 0.0, 0
        number = 1
        while done < n:
            saved = progress.begin("tripeaks", number, opts)
            h = History.start(TriPeaks, TriPeaks.deal(number, opts))
            number += 1
            for _ in range(30):
                moves = TriPeaks.legal_moves(h.state)
                if not moves:
                    break
                card = next((m for m in moves if m != DRAW), moves[0])
                h.play(card)
                c0 = sum(ls.calls.values())
                t0 = time.process_time()
                progress.save(saved, h)
                t += time.process_time() - t0
                calls += sum(ls.calls.values()) - c0
                done += 1
        return t / done * 1e6, calls / done

    def wins():
        t, calls = 0.0, 0
        for k in range(n):
            saved = progress.begin("tripeaks", 10_000 + k, opts)
            h = History.start(TriPeaks, TriPeaks.deal(10_000 + k, opts))
            c0 = sum(ls.calls.values())
            t0 = time.process_time()
            progress.won(saved, h, 100 + k)
            t += time.process_time() - t0
            calls += sum(ls.calls.values()) - c0
        return t / n * 1e6, calls / n

    def records():
        t, calls = 0.0, 0
        for k in range(n):
            r = GameResult("klondike", {"draw": "1"}, "KL1-D1-AAAAAGM", True, 100 + k, 120, "2026-12-04")
            c0 = sum(ls.calls.values())
            t0 = time.process_time()
            progression.record(r)
            t += time.process_time() - t0
            calls += sum(ls.calls.values()) - c0
        return t / n * 1e6, calls / n

    out["game"] = game_saves()
    out["win"] = wins()
    out["progression"] = records()
    return out


def run_tree(tree: Path, n: int) -> dict:
    code = ("import sys, json; sys.path.insert(0, {t!r}); sys.path.insert(1, {b!r});"
            "import save_cost; print(json.dumps(save_cost.measure({n})))").format(
        t=str(tree), b=str(ROOT / "bench"), n=n)
    p = subprocess.run([sys.executable, "-c", code], cwd=str(tree), capture_output=True, text=True, check=True)
    return json.loads(p.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ref", default="HEAD~1", help="the revision to compare with (default HEAD~1)")
    ap.add_argument("--n", type=int, default=300, help="saves of each kind per round")
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        ref = Path(tmp)
        tar = subprocess.run(["git", "archive", a.ref], cwd=ROOT, check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(ref)], input=tar, check=True)
        got = {"ref": [], "this": []}
        for _ in range(a.rounds):
            got["ref"].append(run_tree(ref, a.n))
            got["this"].append(run_tree(ROOT, a.n))
    print(f"save cost, {a.n} saves of each kind a round, {a.rounds} rounds (best round), ref {a.ref}")
    print(f"{'save':<12} {'ref µs':>8} {'this µs':>8} {'ratio':>6} {'ref calls':>10} {'this calls':>11}")
    for kind in ("game", "win", "progression"):
        r = min(x[kind][0] for x in got["ref"])
        t = min(x[kind][0] for x in got["this"])
        rc, tc = got["ref"][0][kind][1], got["this"][0][kind][1]
        print(f"{kind:<12} {r:8.1f} {t:8.1f} {t / r:6.2f} {rc:10.2f} {tc:11.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
