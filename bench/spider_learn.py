"""Learn the ranking of a Spider 4-suit beam level from training positions, and try it:

    python bench/spider_learn.py collect --positions 61-400 [--nodes 200000] > train.txt
    python bench/spider_learn.py fit train.txt [--folds 5]      (needs numpy)
    python bench/spider_learn.py scan train.txt
    python bench/spider_learn.py trial [--positions 1,2,…] [--nodes 90000] [--weights NAME=W,…]
    python bench/spider_learn.py probe --positions 69,73 [--top 40] [--nodes 20000]

``collect`` runs :class:`games.solvers.spider.SpiderBeam` with its trace on each 4-suit rescue
position of ``bench/solvers.py`` asked for (the bench's are 1-60, so a training set starts at 61)
under a node budget (no clock: deterministic). For every level of the pass that won it prints the
candidates the level ranked (the states right after a deal), best priority first, up to
:data:`KEEP_CANDIDATES` of them or past the winning line's own candidate (marked ``*``), each as
its priority (points) and the features of :func:`features`. ``fit`` fits weights ``w`` so that
ranking a level by ``priority + w · features`` puts the line's candidate high (a pairwise logistic
loss) and prints, per fold of positions left out of the fit, the width each left-out line would
need (the largest rank of its candidate over the levels, plus one) by priority and by the learned
score; ``scan`` prints the same widths for each feature alone at a few weights. Both judge a
ranking by the lines the beam found with the priority, so they favour the priority: a line another
ranking drops may be replaced by another win, which only a search shows. ``trial`` is that search:
the beam with its levels ranked by ``priority + w · features`` (:func:`ranker`, through
:attr:`SpiderBeam.rank_level`), positions generated to a win on each position (``-``: none within
``--nodes``), and how many of positions 1-20 and 21-60 are won within 50 000, 90 000 (about what a
2 s rescue searches in Pyodide) and 150 000 positions. ``probe`` asks which candidates of a hard
level are wins at all (:func:`probe`). Not a timed benchmark: positions, not seconds.
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

DOWN = 64
"""Added to a card's value while it is face down (as in games/solvers/spider.py)."""

KEEP_CANDIDATES = 120
"""Candidates of a level written at most (more when the line's candidate ranks lower)."""

NAMES = ("down", "unordered", "offsuit", "cards", "cols_down", "up_over_down", "top_run",
         "clean", "breaks_over_down", "one_down", "down_sq", "runs", "empty", "depth",
         "exposed_breaks", "top_run_over_down")
"""The features :func:`features` returns, in order."""


def column_features(col: bytes) -> list[float]:
    """Per-column facts of a compact column (see :data:`NAMES`), summed over the columns."""
    n = len(col)
    down = 0
    while down < n and col[down] >= DOWN:
        down += 1
    unordered = offsuit = 0
    runs = 1 if n > down else 0
    k = 1 if n > down else 0
    run_open = True
    top_break = -1  # face-up cards above the topmost break
    for i in range(n - 1, down, -1):
        if col[i - 1] == col[i] + 1:
            if run_open:
                k += 1
        else:
            if (col[i - 1] & 15) == (col[i] & 15) + 1:
                offsuit += 1
            else:
                unordered += 1
            runs += 1
            if run_open:
                top_break = n - i
            run_open = False
    up = n - down
    breaks = unordered + offsuit
    return [down, unordered, offsuit, n, 1 if down else 0, up if down else 0, k,
            1 if n and not down and not breaks else 0, breaks if down else 0, 1 if down == 1 else 0,
            down * down, runs, 0, 0, 1 if breaks else 0, k if down else 0]


def features(state, depth: int) -> list[float]:
    """The features of a position (compact columns, deals made) reached ``depth`` moves after
    the last deal: the columns' facts summed, the empty columns, the depth."""
    cols, _ = state
    out = [0.0] * len(NAMES)
    for c in cols:
        if c:
            for i, x in enumerate(column_features(c)):
                out[i] += x
        else:
            out[12] += 1
    out[13] = depth
    return out


def ranker(w: list[float]):
    """A :attr:`games.solvers.spider.SpiderBeam.rank_level` ranking a level by ``priority +
    w · features`` (points a unit of each feature of :data:`NAMES`) of the state after the deal;
    the extra of a candidate is computed once (cached by its index), a column's part once (cached
    by its bytes)."""
    from games.solvers.spider import SCALE
    cols_cache: dict[bytes, float] = {}
    wc = [x * SCALE for x in w]

    def extra(state, depth: int) -> float:
        total = 0.0
        for c in state[0]:
            if not c:
                total += wc[12]
                continue
            x = cols_cache.get(c)
            if x is None:
                x = cols_cache[c] = sum(a * b for a, b in zip(wc, column_features(c)) if a)
            total += x
        return total + wc[13] * depth

    def rank(search, merged: list) -> list:
        p, nodes = search.p, search._nodes
        done = search.__dict__.setdefault("_extra", {})
        out = []
        for pr, mj, j in merged:
            e = done.get(j)
            if e is None:
                parent, _, nxt, _ = nodes[j]
                if nxt is False:
                    e = 0.0
                else:
                    e = extra(p.deal_state(nodes[parent][2]) if nxt is None else nxt, nodes[parent][3] + 1)
                done[j] = e
            out.append((pr + e, mj, j))
        return out
    return rank


def collect(a, ap) -> None:
    """The ``collect`` mode (see the module docstring)."""
    from spider_positions import chosen_states
    from games.solvers.search import replays_to_win
    from games.solvers.spider import SCALE, SpiderBeam, _Problem
    from games.spider import Spider
    try:
        lo, hi = (int(x) for x in a.positions.split("-"))
    except ValueError:
        ap.error(f"--positions takes FIRST-LAST, not {a.positions!r}")
    which, states = chosen_states(ap, ",".join(str(i) for i in range(lo, hi + 1)), "4")
    print(f"# spider_learn.py collect --positions {a.positions} --nodes {a.nodes}")
    print("# features: " + " ".join(NAMES))
    for n in which:
        s = states[n - 1]
        p = _Problem(s)
        search = SpiderBeam(p, lambda moves, s=s: replays_to_win(Spider, s, moves), max_nodes=a.nodes)
        search.trace = []
        t0 = time.process_time()
        r = search.run()
        print(f"P {n} {r.status} {search.nodes} {time.process_time() - t0:.2f}", flush=True)
        if r.status != "solved":
            continue
        nodes = search._nodes
        j, line = len(nodes) - 1, set()
        while j >= 0:
            line.add(j)
            j = nodes[j][0]
        last = max(e[0] for e in search.trace)
        for e in search.trace:
            if e[0] != last:
                continue
            merged = [x for x in e[3] if nodes[x[2]][2] is not False]
            at = next((i for i, x in enumerate(merged) if x[2] in line), None)
            if at is None:
                continue
            print(f"L {len(merged)} {at}")
            for i, (pr, _, j) in enumerate(merged[:max(KEEP_CANDIDATES, at + 1)]):
                parent, move, nxt, _ = nodes[j]
                if nxt is None:
                    nxt = p.deal_state(nodes[parent][2])
                depth = nodes[parent][3] + 1
                f = features(nxt, depth)
                print(("*" if j in line else "C") + f" {pr / SCALE:g} " + " ".join(f"{x:g}" for x in f))


def load(paths: list[str]) -> list[tuple[int, list[tuple[int, list[tuple[float, list[float]]]]]]]:
    """``[(position, [(line's index, [(priority, features)…]) a level])]`` from ``collect`` files."""
    out = []
    level = None
    for path in paths:
        for line in Path(path).read_text().splitlines():
            if line.startswith("P "):
                out.append((int(line.split()[1]), []))
            elif line.startswith("L "):
                level = [int(line.split()[2]), []]
                out[-1][1].append(level)
            elif line[:2] in ("* ", "C "):
                xs = [float(x) for x in line.split()[1:]]
                level[1].append((xs[0], xs[1:]))
    return [(n, [(at, cands) for at, cands in levels]) for n, levels in out if levels]


def widths(data, w) -> dict[int, int]:
    """Per position, the width its line needs when levels are ranked by ``priority + w · f``."""
    out = {}
    for n, levels in data:
        need = 0
        for at, cands in levels:
            score = [pr + sum(a * b for a, b in zip(w, f)) for pr, f in cands]
            mine = score[at]
            # ties keep the priority's order (a stable sort)
            rank = sum(1 for i, s in enumerate(score) if s < mine or (s == mine and i < at))
            need = max(need, rank + 1)
        out[n] = need
    return out


def fit_weights(data, l2: float = 0.001, steps: int = 3000, rate: float = 0.05) -> list[float]:
    """Weights lowering a pairwise logistic loss, the line's candidate against each other one of
    its level: ``log(1 + exp(s_line - s_other))`` with ``s = priority + w · f`` (points), each
    level's pairs weighing as much as another level's, plus ``l2 × |v|²`` on the weights of the
    standardized features; plain gradient descent. Needs numpy (not in the project's venv: run
    ``fit`` and ``scan`` with a Python that has it)."""
    import numpy as np
    d, p, wt = [], [], []
    for _, levels in data:
        for at, cands in levels:
            if len(cands) < 2:
                continue  # no pair
            f = np.array([x[1] for x in cands], float)
            pr = np.array([x[0] for x in cands], float)
            m = np.ones(len(cands), bool)
            m[at] = False
            d.append(f[at] - f[m])
            p.append(pr[at] - pr[m])
            wt.append(np.full(m.sum(), 1.0 / m.sum()))
    d, p, wt = np.vstack(d), np.concatenate(p), np.concatenate(wt)
    wt /= wt.sum()
    sd = d.std(0) + 1e-9
    dn = d / sd
    v = np.zeros(d.shape[1])
    for _ in range(steps):
        z = np.clip(p + dn @ v, -30, 30)
        v -= rate * (dn.T @ (wt / (1 + np.exp(-z))) + 2 * l2 * v)
    return list(v / sd)


def summary(got: dict[int, int]) -> str:
    """Widths a set of lines needs: the mean of their logarithms, how many over 13 and over 19."""
    v = list(got.values())
    return (f"mean log {sum(math.log(x) for x in v) / len(v):.2f}, over 13: {sum(1 for x in v if x > 13)}, "
            f"over 19: {sum(1 for x in v if x > 19)}")


def fit(a) -> None:
    """The ``fit`` mode (see the module docstring)."""
    data = load(a.files)
    zero = [0.0] * len(NAMES)
    print(f"# {len(data)} positions, {sum(len(lv) for _, lv in data)} levels; features {' '.join(NAMES)}")
    for k in range(a.folds):
        test = data[k::a.folds]
        train = [x for i, x in enumerate(data) if i % a.folds != k]
        w = fit_weights(train, a.l2, a.steps)
        base, got = widths(test, zero), widths(test, w)
        print(f"fold {k}: by priority {summary(base)}; learned {summary(got)}; "
              f"narrower {sum(1 for n in base if got[n] < base[n])}, wider {sum(1 for n in base if got[n] > base[n])}")
    w = fit_weights(data, a.l2, a.steps)
    print("all: " + ",".join(f"{name}={x:.4f}" for name, x in zip(NAMES, w)))


def scan(a) -> None:
    """The ``scan`` mode: each feature alone added to the priority with a few weights, the widths
    the traced lines would need."""
    data = load(a.files)
    print(f"# {len(data)} positions; by priority: {summary(widths(data, [0.0] * len(NAMES)))}")
    for i, name in enumerate(NAMES):
        for x in (-0.5, -0.1, 0.1, 0.5):
            w = [0.0] * len(NAMES)
            w[i] = x
            print(f"{name}={x:+g}: {summary(widths(data, w))}", flush=True)


def trial(a, ap) -> None:
    """The ``trial`` mode: the beam with its levels ranked by ``priority + w · features`` on the
    positions asked for, positions generated to a win (``-``: none within ``--nodes``)."""
    from spider_positions import chosen_states
    from games.solvers.search import replays_to_win
    from games.solvers import spider as sp
    from games.spider import Spider
    w = [0.0] * len(NAMES)
    for part in filter(None, a.weights.split(",")):
        name, _, value = part.partition("=")
        try:
            w[NAMES.index(name)] = float(value)
        except ValueError:
            ap.error(f"--weights takes NAME=NUMBER,… with a name of {' '.join(NAMES)}; not {part!r}")
    which, states = chosen_states(ap, a.positions, "4")
    print(f"# spider_learn.py trial --weights {a.weights} --nodes {a.nodes}")
    got = {}
    t_all = time.process_time()
    for n in which:
        s = states[n - 1]
        search = sp.SpiderBeam(sp._Problem(s), lambda moves, s=s: replays_to_win(Spider, s, moves), max_nodes=a.nodes)
        if any(w):
            search.rank_level = ranker(w)
        t0 = time.process_time()
        r = search.run()
        got[n] = search.nodes if r.status == "solved" else None
        print(n, got[n] or "-", f"{time.process_time() - t0:.2f}", flush=True)
    for b in (50_000, 90_000, 150_000, a.nodes):
        x = sum(1 for n, v in got.items() if n <= 20 and v and v <= b)
        y = sum(1 for n, v in got.items() if n > 20 and v and v <= b)
        print(f"within {b}: {x} | {y}")
    print(f"# CPU {time.process_time() - t_all:.1f} s")


def probe(a, ap) -> None:
    """The ``probe`` mode: for each position asked for, the level of the beam's winning pass where
    the line's candidate ranks lowest, and which of that level's best ``--top`` candidates (and the
    line's) are wins a beam rooted at the candidate finds within ``--nodes`` positions: ``W`` a
    win, ``.`` none, the line's own ``L`` (won) or ``*`` (not). The rooted beams' lines are not
    answers to the position, so they are not replayed."""
    from spider_positions import chosen_states
    from games.solvers.search import replays_to_win
    from games.solvers import spider as sp
    from games.spider import Spider
    which, states = chosen_states(ap, a.positions, "4")
    print(f"# spider_learn.py probe --positions {a.positions} --top {a.top} --nodes {a.nodes}")
    for n in which:
        s = states[n - 1]
        p = sp._Problem(s)
        search = sp.SpiderBeam(p, lambda moves, s=s: replays_to_win(Spider, s, moves), max_nodes=a.long)
        search.trace = []
        if search.run().status != "solved":
            print(n, f"unknown within {a.long}", flush=True)
            continue
        nodes = search._nodes
        j, line = len(nodes) - 1, set()
        while j >= 0:
            line.add(j)
            j = nodes[j][0]
        last = max(e[0] for e in search.trace)
        at, merged = -1, []
        for e in search.trace:
            level = [x for x in e[3] if nodes[x[2]][2] is not False]
            i = next((i for i, x in enumerate(level) if x[2] in line), None)
            if e[0] == last and i is not None and i > at:
                at, merged = i, level
        marks = []
        for i, (_, _, j) in enumerate(merged[:max(a.top, at + 1)]):
            parent, _, nxt, _ = nodes[j]
            q = sp._Problem(s)
            q.root = p.deal_state(nodes[parent][2]) if nxt is None else nxt
            won = sp.SpiderBeam(q, lambda moves: True, max_nodes=a.nodes).run().status == "solved"
            marks.append(("L" if won else "*") if i == at else ("W" if won else "."))
        print(n, f"line's rank {at} of {len(merged)} at its hardest level; won from each within {a.nodes}:",
              "".join(marks), flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="mode", required=True)
    c = sub.add_parser("collect", help="trace the beam's winning lines")
    c.add_argument("--positions", required=True, help="FIRST-LAST (61 and up: not the bench's)")
    c.add_argument("--nodes", type=int, default=200_000)
    f = sub.add_parser("fit", help="fit the level ranking's weights (needs numpy)")
    f.add_argument("files", nargs="+")
    f.add_argument("--folds", type=int, default=5)
    f.add_argument("--l2", type=float, default=0.001)
    f.add_argument("--steps", type=int, default=3000)
    sc = sub.add_parser("scan", help="each feature alone, the widths the traced lines need")
    sc.add_argument("files", nargs="+")
    t = sub.add_parser("trial", help="the beam with a learned level ranking")
    t.add_argument("--positions", default=",".join(str(i) for i in range(1, 61)))
    t.add_argument("--nodes", type=int, default=90_000)
    t.add_argument("--weights", default="", help="name=value,… (points a unit of the feature)")
    pr = sub.add_parser("probe", help="which candidates of a hard level are wins")
    pr.add_argument("--positions", required=True, help="position numbers, comma-separated")
    pr.add_argument("--top", type=int, default=40, help="candidates searched, best first")
    pr.add_argument("--nodes", type=int, default=20_000, help="positions a rooted beam may generate")
    pr.add_argument("--long", type=int, default=300_000, help="positions the position's own beam may generate")
    a = ap.parse_args(argv)
    if a.mode == "probe":
        probe(a, pr)
    elif a.mode == "collect":
        collect(a, c)
    elif a.mode == "trial":
        trial(a, t)
    elif a.mode == "scan":
        scan(a)
    else:
        fit(a)
    return 0


if __name__ == "__main__":
    sys.exit(main())
