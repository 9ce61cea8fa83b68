"""A check of the Klondike proofs of loss on won positions: ``python bench/klondike_proof_sound.py
[--draw 1|3] [--states 20000] [--every 10] [--line-states 5000] [--deals 1-1000] [--lines]``.

A proof of loss must never prove a won position lost. The won positions here: the roots of the
deals some stored run solved (``bench/results/klondike-draw{1,3}-*.txt``, a line ``N solved …``;
a draw-3 win is a draw-1 win, so draw 1 counts the draw-3 wins too) and, with ``--lines``, every
``--every``-th position of a winning line the solver finds for each of them (``max_nodes``
300 000; replayed through the rules, so each position on it is won). On each, the draw-1 abstract
game (:class:`games.solvers.klondike_proof.Abstract`) and, in draw 3, the draw-3 one
(:class:`~games.solvers.klondike_proof.Abstract3`) run with a budget of states: an answer
``True`` (proved lost) on any of them is a bug and is printed with the position; the exit status
is then 1. It prints the counts of answers (goal reached, budget spent, proved lost) by kind.
"""
from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.klondike import Klondike  # noqa: E402
from games.solvers import klondike_proof as kp  # noqa: E402
from games.solvers.klondike import _Problem  # noqa: E402


def solved_deals(draw: int) -> set[int]:
    """The deals a stored run of this draw (or, for draw 1, of draw 3) solved."""
    out = set()
    draws = (1, 3) if draw == 1 else (3,)
    for d in draws:
        for f in sorted((ROOT / "bench" / "results").glob(f"klondike-draw{d}-*.txt")):
            for line in f.read_text().splitlines():
                m = re.match(r"(\d+) solved\b", line)
                if m:
                    out.add(int(m.group(1)))
    return out


def lost(s, draw: int, states: int) -> dict:
    """The abstract games' answers from rules state ``s``: ``{"draw 1": answer, "draw 3": answer}``."""
    cols, T, p, f = _Problem.from_rules(s)
    out = {"draw 1": kp.Abstract(cols, T, f).search(max_nodes=states)}
    if draw == 3:
        lane = kp.ProofLane3(kp.Abstract3(cols, T, p, f), 1.0)
        res = None
        while res is None and lane.nodes < states:
            res = lane.run(min(1000, states - lane.nodes))
        out["draw 3"] = res
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--draw", type=int, choices=(1, 3), default=1)
    ap.add_argument("--states", type=int, default=20_000, help="abstract states at a deal's root")
    ap.add_argument("--lines", action="store_true", help="also positions along a winning line")
    ap.add_argument("--every", type=int, default=10, help="every k-th position of a line")
    ap.add_argument("--line-states", type=int, default=5_000, help="abstract states at a line's position")
    ap.add_argument("--deals", default="1-1000")
    a = ap.parse_args(argv)
    lo, hi = (int(x) for x in a.deals.split("-"))
    deals = sorted(n for n in solved_deals(a.draw) if lo <= n <= hi)
    counts: dict[tuple, int] = {}
    bad = 0
    t0 = time.process_time()
    for n in deals:
        s = Klondike.deal(n, {"draw": str(a.draw)})
        todo = [("root", s, a.states)]
        if a.lines:
            r = Klondike.solver(s, max_nodes=300_000).run()
            if r.status == "solved":
                cur = s
                for i, text in enumerate(r.moves, 1):
                    cur = Klondike.apply(cur, Klondike.parse_move(cur, text))
                    if i % a.every == 0 and Klondike.status(cur) == "playing":
                        todo.append((f"line {i}", cur, a.line_states))
        for where, pos, states in todo:
            for kind, ans in lost(pos, a.draw, states).items():
                key = (kind, "root" if where == "root" else "line", ans)
                counts[key] = counts.get(key, 0) + 1
                if ans is True:
                    bad += 1
                    print(f"PROVED LOST, BUT WON: deal {n} draw {a.draw} {where} ({kind})\n"
                          f"{Klondike.format_position(pos)}", flush=True)
    names = {True: "proved lost", False: "goal reached", None: "budget spent"}
    print(f"draw {a.draw}: {len(deals)} solved deals in {a.deals}; CPU {time.process_time() - t0:.1f} s")
    for (kind, where, ans), c in sorted(counts.items(), key=str):
        print(f"  {kind} abstract game, {where}: {names[ans]} {c}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
