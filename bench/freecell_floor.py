"""Benchmark: the least CPU any search in our FreeCell state representation can spend on a deal,
against Freecell Solver's whole search (issue 20, item 3: what the 10× goal asks of CPython).

    python bench/freecell_floor.py                   # deals 1-1000
    python bench/freecell_floor.py --deals 1-200 --repeat 5

For each deal the complete search of :mod:`games.solvers.freecell` (the app's solver when this
was measured) is run once to get its final line (the internal moves after ``shorten``/``prune``,
from the position after the opening auto-moves). Then two costs of that
line are timed in CPU seconds (``time.process_time``, the smallest of ``--repeat`` runs):

- **replay**: each move of the line applied once with :func:`games.solvers.freecell._play`, the
  cheapest way our states advance. No search can reach the win with less: it must at least make
  every position of its line.
- **oracle**: each position of the line expanded once as a search expands it: all its children
  made by :func:`games.solvers.freecell.successors` and each child's visited-set key made by
  :func:`games.solvers.freecell.key_of`. This is a search that never strays from the line
  (it knows which child to take), the floor of a best-first or depth-first search over our
  states.

fc-solve (``freecell-solver-range-parallel-solve LO HI 1 -l lg``, as in
``bench/solver_freecell.py``) is run over the same deals in the same run, its total CPU the
smallest of ``--fc-runs``. The ratios floor / fc-solve say how far under 10× of fc-solve's total
a search over these states can possibly go: if the oracle alone is over 10×, no schedule, score
or pruning meets the goal, only a cheaper state does.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from games.freecell import FreeCell  # noqa: E402
from games.solvers import freecell as fs  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from solver_freecell import parse_deals, percentile, run_fc  # noqa: E402


def final_line(n: int) -> tuple[tuple, list] | None:
    """The complete search's final line on deal ``n`` (:func:`games.solvers.freecell.solver`, the
    app's solver when this floor was measured): ``(root state, internal moves)``, ``None`` if not
    solved. The line is taken where the search writes it as texts (``_texts``)."""
    got = {}
    orig = fs.FreeCellSearch._texts

    def spy(self, path):
        got["root"], got["path"] = self._root, list(path)
        return orig(self, path)

    fs.FreeCellSearch._texts = spy
    try:
        r = fs.solver(FreeCell.deal(n, {}), timeout=120.0).run()
    finally:
        fs.FreeCellSearch._texts = orig
    if r.status != "solved":
        return None
    return got["root"], got["path"]


def positions(root, path) -> list:
    """The states along ``path`` from ``root``, the root first and the won state last.
    :raises AssertionError: if a move of the line is not legal where it is played."""
    out = [root]
    st = root
    for card, dst, _autos in path:
        step = fs._play(st, card, dst)
        if step is None:
            raise AssertionError("a move of the line does not play")
        st = step[1]
        out.append(st)
    return out


def time_replay(root, path, repeat: int) -> float:
    """CPU seconds to apply the line's moves once (smallest of ``repeat``)."""
    best = float("inf")
    play = fs._play
    for _ in range(repeat):
        c0 = time.process_time()
        st = root
        for card, dst, _autos in path:
            st = play(st, card, dst)[1]
        best = min(best, time.process_time() - c0)
    return best


def time_oracle(states: list, repeat: int) -> tuple[float, int]:
    """CPU seconds to expand each position of the line once (children and their keys), smallest
    of ``repeat``, and the number of children made."""
    best, kids = float("inf"), 0
    succ, key = fs.successors, fs.key_of
    for _ in range(repeat):
        kids = 0
        c0 = time.process_time()
        for st in states[:-1]:
            for _m, nxt in succ(st):
                key(nxt[0], nxt[1])
                kids += 1
        best = min(best, time.process_time() - c0)
    return best, kids


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", default="1-1000", help="deal numbers: 1-1000,11982 (default 1-1000)")
    ap.add_argument("--repeat", type=int, default=3, help="timings of each line, the smallest kept")
    ap.add_argument("--fc-runs", type=int, default=3, help="fc-solve runs, the smallest total kept")
    ap.add_argument("--no-fc-solve", action="store_true", help="our floors only, no ratios")
    args = ap.parse_args(argv)
    deals = parse_deals(args.deals)
    replay, oracle, lengths, kids = {}, {}, {}, 0
    backs = 0
    for n in deals:
        got = final_line(n)
        if got is None:
            print(f"{n} not solved: left out", flush=True)
            continue
        root, path = got
        if any(card & fs.BACK for card, _d, _a in path):
            backs += 1      # a move back from a foundation: _play does not make it; left out
            continue
        states = positions(root, path)
        replay[n] = time_replay(root, path, args.repeat)
        oracle[n], k = time_oracle(states, args.repeat)
        kids += k
        lengths[n] = len(path)
    rt, ot = sum(replay.values()), sum(oracle.values())
    lines = [
        f"deals {args.deals}: {len(replay)} lines timed ({backs} with a move back from a foundation left out)",
        f"line length (internal moves, auto-moves inside): mean {sum(lengths.values()) / max(1, len(lengths)):.1f}",
        f"children made by the oracle: {kids} ({kids / max(1, sum(lengths.values())):.1f} a position)",
        f"replay: total {rt:.3f} s, median {1000 * percentile(list(replay.values()), 0.5):.3f} ms a deal",
        f"oracle: total {ot:.3f} s, median {1000 * percentile(list(oracle.values()), 0.5):.3f} ms a deal",
    ]
    if not args.no_fc_solve and replay:
        fc = run_fc(sorted(replay), args.fc_runs)
        fc_total = fc["total"]
        fc_med = percentile([fc["cpu"][n] for n in replay if n in fc["cpu"]], 0.5)
        lines += [
            f"fc-solve -l lg, same deals: total {fc_total:.3f} s, median {1000 * fc_med:.3f} ms a deal",
            f"ratio replay / fc-solve: total {rt / fc_total:.1f}x, median "
            f"{percentile(list(replay.values()), 0.5) / fc_med:.1f}x",
            f"ratio oracle / fc-solve: total {ot / fc_total:.1f}x, median "
            f"{percentile(list(oracle.values()), 0.5) / fc_med:.1f}x",
        ]
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
