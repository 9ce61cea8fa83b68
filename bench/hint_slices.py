"""How long the hint's slices run: every slice of a hint's search, of its fallback's check and of
its follow-up (``GameTable.search_slice``, from ``step_hint`` and ``step_follow``) timed in the
thread's CPU seconds while ``bench/hint_wait.py`` asks for hints and the player looks.

    python bench/hint_slices.py [--games klondike,klondike-3,freecell] [--count 20] [--held-out 40]
                                [--slow F] [--look S] [--top 5]

Each slice's CPU (``time.thread_time``: what this thread spent, whatever else the machine runs)
is recorded with the time it was given (its ``end`` less the app's clock at its start, on the
frame clock, so ×``F`` with ``--slow``), and each step inside it with its kind: ``search`` (the
hint's search), ``check`` (a step of the fallback's check that searched), ``start`` (a step of
the check that started a candidate's solver) and the nodes it searched. The report gives per
variant the slices, the longest slice's CPU, the longest overrun (the slice's CPU, times ``F``
with ``--slow``, past the time it was given) and the ``--top`` longest single steps.
The hints themselves are ``bench/hint_wait.py``'s (its report is printed too).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import hint_wait  # noqa: E402  (sets the SDL drivers and a data folder of its own first)


def instrument(log: dict):
    """Wrap ``GameTable.search_slice`` so that each slice and each of its steps is recorded in
    ``log`` under the table's game and draw (``{label: {"slices": [(cpu s, given s, phase)],
    "steps": [(cpu s, kind, nodes, nodes asked)]}}``); returns a function that undoes it."""
    from games import hints
    from ui.table.base import GameTable

    orig = GameTable.search_slice

    def search_slice(self, step, end):
        owner = getattr(step, "__self__", None)
        draw = getattr(self.state, "draw", None)
        into = log.setdefault(self.rules.name + (f" draw {draw}" if draw else ""), {"slices": [], "steps": []})
        given = end - self.app.now()

        def timed(n):
            check = owner.check if isinstance(owner, hints.FollowUp) and owner.part() == 1 else \
                owner if isinstance(owner, hints.FallbackCheck) else None
            starting = check is not None and check.search is None
            before = check.nodes if check is not None else getattr(owner, "nodes", 0)
            c0 = time.thread_time()
            r = step(n)
            c = time.thread_time() - c0
            if check is not None:
                kind = "start" if starting and check.search is not None and check.search.nodes == 0 else "check"
                nodes = check.nodes - before
            else:
                kind, nodes = "search", getattr(owner, "nodes", 0) - before
            into["steps"].append((c, kind, nodes, n))
            return r
        phase = "follow" if isinstance(owner, hints.FollowUp) else \
            "check" if isinstance(owner, hints.FallbackCheck) else "hint"
        c0 = time.thread_time()
        r = orig(self, timed, end)
        into["slices"].append((time.thread_time() - c0, given, phase))
        return r
    GameTable.search_slice = search_slice

    def undo():
        GameTable.search_slice = orig
    return undo


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python bench/hint_slices.py", description=__doc__.split("\n")[0])
    p.add_argument("--games", default="klondike,klondike-3,freecell", help="variants or games, comma-separated")
    p.add_argument("--count", type=int, default=20)
    p.add_argument("--held-out", type=int, default=40)
    p.add_argument("--slow", type=float, default=1.0, help="bench/hint_wait.py's --slow")
    p.add_argument("--look", type=float, default=3.0, help="bench/hint_wait.py's --look")
    p.add_argument("--top", type=int, default=5, help="the longest steps listed per variant")
    a = p.parse_args(argv)
    games = [g for g in a.games.split(",") if g]
    print(f"# bench/hint_slices.py --games {a.games} --count {a.count} --held-out {a.held_out} "
          f"--slow {a.slow:g} --look {a.look:g}")
    logs: dict = {}
    undo = instrument(logs)
    try:
        res = hint_wait.measure(games, a.count, a.held_out, slow=a.slow, look=a.look)
    finally:
        undo()
    hint_wait.report(res, a.count, "bench/hint_wait.py's answers")
    for label, log in logs.items():
        print(label)
        for phase in ("hint", "check", "follow"):
            sl = [x for x in log["slices"] if x[2] == phase]
            if not sl:
                continue
            longest = max(sl)
            over = max(c * a.slow - given for c, given, _ in sl)
            print(f"  {phase:6} slices {len(sl):6}  longest {1000 * longest[0]:6.2f} ms CPU (given "
                  f"{1000 * longest[1]:5.2f} ms)  longest overrun {1000 * over:6.2f} ms")
        steps = sorted(log["steps"], reverse=True)[:a.top]
        print("  longest steps: " + ", ".join(f"{1000 * c:.2f} ms {kind} ({nodes} nodes of {n} asked)"
                                              for c, kind, nodes, n in steps))
        for kind in ("search", "check", "start"):
            ks = [x for x in log["steps"] if x[1] == kind]
            if ks:
                per = max((c / max(1, nodes) for c, _, nodes, _ in ks if nodes), default=0.0)
                print(f"  {kind:6} steps {len(ks):7}  longest {1000 * max(ks)[0]:6.2f} ms  "
                      f"most nodes in a step {max(x[2] for x in ks):5}  dearest node {1000 * per:6.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
