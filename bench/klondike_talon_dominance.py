"""Which draw-3 talons dominate others in the exact-talon game
(:class:`games.solvers.klondike_proof.Abstract3`): ``python bench/klondike_talon_dominance.py
[--max-len 12] [--deals 43,951 --states 300000]``.

**The talon game alone.** A talon is its cards in their fixed order and the waste position's class
(:func:`~games.solvers.klondike_proof._class3`); a move pulls a card that draws and recycles bring
to the waste top (:func:`~games.solvers.klondike_proof._reach3`). For every talon length up to
``--max-len`` and every set of 1–3 cards taken out of it, and every pair of classes, it works out
by exhaustive search whether the shorter talon *simulates* the longer one, the cards taken out
being silent: every pull the longer one can make, the shorter makes too (or, for a card taken out,
nothing), to talons that simulate again. This is what a dominance of a state with some talon
cards already out (loose or home) over the same columns and foundations with those cards still in
the talon needs, whatever the columns are (a board may leave every pull consistent). The other
way, a longer talon standing for a shorter one, needs the extra card pulled whenever the shorter
state uses it, at once on some board, so it holds only when the longer talon pulls it now to a
class reaching as much: a successor the search already has. The output lists, for each length,
the card sets and class pairs that simulate, besides taking out the last cards (a suffix), which
always does with the same class.

**On deals** (``--deals``): the exact-talon search alone from each draw-3 deal's start, for
``--states`` states, then counts its searched boards (columns in place and foundations) and keys
(board and talon), the keys whose board was searched with a smaller talon too (other cards out),
with a prefix of the talon (only its last cards out: the talon-side condition above), and with
the prefix state having those last cards home, each the next of its suit in turn (the one case
where the cards out need no place: see docs/solvers.md, item 4, "Session 14"); the (key, class)
pairs whose board was searched with those last cards loose instead, each the next card of its
suit, and a class reaching as much (the one loose case a dominance could use); and the keys whose
talon has, card for card, the ranks and colours of another talon on the board (the ceiling of a
symmetry between equal rank-and-colour cards).
"""
from __future__ import annotations

import argparse
import functools
import itertools
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.klondike import Klondike  # noqa: E402
from games.solvers import klondike_proof as kp  # noqa: E402
from games.solvers.klondike import _Problem  # noqa: E402


def pulls(st):
    """The pulls from talon ``st = (cards, class)``: ``(card, talon after)`` each."""
    T, c = st
    L = len(T)
    for i in kp._reach3(L, c):
        yield T[i], (T[:i] + T[i + 1:], kp._class3(L - 1, i))


@functools.lru_cache(maxsize=None)
def simulates(short, long) -> bool:
    """Whether talon ``short`` (a subsequence of ``long``'s cards) makes every pull ``long`` makes,
    the cards ``short`` lacks being silent (talons only shrink, so the recursion ends)."""
    for y, b in pulls(long):
        if y not in short[0]:
            if not simulates(short, b):
                return False
        elif not any(y2 == y and simulates(b2, b) for y2, b2 in pulls(short)):
            return False
    return True


def classes(L: int) -> list[int]:
    return sorted({kp._class3(L, p) for p in range(L + 1)})


def talon_table(max_len: int) -> None:
    for L in range(2, max_len + 1):
        T = tuple(range(L))
        other = []
        suffix_ok = True
        for m in (1, 2, 3):
            if m >= L:
                break
            for out in itertools.combinations(range(L), m):
                short_T = tuple(x for x in T if x not in out)
                is_suffix = out == tuple(range(L - m, L))
                for c in classes(L):
                    for c2 in classes(len(short_T)):
                        ok = simulates((short_T, c2), (T, c))
                        if is_suffix and c2 == kp._class3(len(short_T), min(c, len(short_T))) and not ok:
                            suffix_ok = False
                        if ok and not is_suffix:
                            other.append((out, c, c2))
        shown = ", ".join(f"{list(o)} {c}->{c2}" for o, c, c2 in other[:6]) + (" …" if len(other) > 6 else "")
        print(f"length {L:2}: the last cards out, same class: {'always' if suffix_ok else 'NOT always'}; "
              f"other (cards out, class -> class) that simulate: {len(other)}{': ' + shown if other else ''}",
              flush=True)


def deal_counts(deal: int, states: int) -> None:
    s = Klondike.deal(deal, {"draw": "3"})
    cols, T, p, f = _Problem.from_rules(s)
    lane = kp.ProofLane3(kp.Abstract3(cols, T, p, f), 1.0)
    t0 = time.process_time()
    res = None
    while res is None and lane.nodes < states:
        res = lane.run(min(1000, states - lane.nodes))
    dt = time.process_time() - t0
    seen = lane.boards()  # (r, h, T) -> the waste classes searched
    boards = defaultdict(set)
    for r, h, tal in seen:
        boards[r, h].add(tal)
    smaller = prefix = home = loose = twins = 0
    for (r, h), tals in boards.items():
        twins += len(tals) - len({bytes((x & 15) | (32 if (x >> 4) in (1, 2) else 0) for x in t) for t in tals})
        for tal in tals:
            for c in seen[r, h, tal]:  # the last cards loose, each the next of its suit, another suit each
                suits = set()
                for m in range(1, len(tal) + 1):
                    x = tal[-m]
                    if h[x >> 4] != (x & 15) - 1 or x >> 4 in suits:
                        break
                    suits.add(x >> 4)
                    L2 = len(tal) - m
                    done = seen.get((r, h, tal[:-m]))
                    if done and kp._dominates3(done, kp._class3(L2, min(c, L2))):
                        loose += 1
                        break
            cards = set(tal)
            if any(len(u) < len(tal) and cards.issuperset(u) for u in tals):
                smaller += 1
            if any(len(u) < len(tal) and tal[:len(u)] == u for u in tals):
                prefix += 1
            h2 = list(h)  # the last cards home, each the next of its suit in turn
            for m in range(1, len(tal) + 1):
                x = tal[-m]
                if h2[x >> 4] != (x & 15) - 1:
                    break
                h2[x >> 4] += 1
                if tal[:-m] in boards.get((r, tuple(h2)), ()):
                    home += 1
                    break
    print(f"deal {deal}: answer {res}, {lane.nodes} states expanded in {dt:.1f} CPU s; {len(boards)} boards, "
          f"{len(seen)} keys; keys whose board was searched with a smaller talon {smaller}, "
          f"with a prefix of it {prefix}, with that prefix and the last cards home {home}; (key, class) pairs whose "
          f"board was searched with the last cards loose, each the next of its suit, and a class reaching as much "
          f"{loose}; keys whose talon has the ranks and colours of another's on the board {twins}", flush=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--max-len", type=int, default=12, help="longest talon of the exhaustive table")
    ap.add_argument("--deals", default="", help="comma-separated draw-3 deals to count on")
    ap.add_argument("--states", type=int, default=300_000, help="exact-talon states a deal")
    a = ap.parse_args(argv)
    talon_table(a.max_len)
    for n in (int(x) for x in a.deals.split(",") if x):
        deal_counts(n, a.states)
    return 0


if __name__ == "__main__":
    sys.exit(main())
