"""Spider 4 suits: where the beam spends its positions, how its last level (the stock empty) fares,
and variants of the last stages tried on positions, not seconds:

    python bench/spider_endgame.py where --positions 1,9,11,19 [--nodes 400000]
    python bench/spider_endgame.py roots --positions 19 [--nodes 400000] [--alone 30000]
    python bench/spider_endgame.py trial --positions 1-180 [--nodes 150000] [--last-weights W,…]
                                         [--pen-quota N] [--patience N[:work|pr]] [--last-rank NAME=W,…]
                                         [--novelty P | --novelty-tie] [--fifo] [--weights W,…]

``where`` runs :class:`games.solvers.spider.SpiderBeam` (the solver's search, no clock) on each
position and prints, per stage (deals made), its share of the expansions, how many stage searches
it opened and how many of them ran dry (their open states exhausted before their quota); then, pass
by pass, how many positions had been generated when the pass made its last level (no order of that
level can win sooner than the pass that holds the winning line reaches it); and for a win, the
positions its last-stage searches generated, those of the searches that did not win, and the rest
(what a search would have cost had every failing last-stage search ended at once, free).
``roots`` then searches each position of the last level the beam searched (states right after the
last deal: the stock is empty) *alone*: a beam rooted at it, up to ``--alone`` positions, with a
visited set of its own, and prints per root its priority, face-down cards and breaks, whether it
was won alone and in how many expansions, and how many expansions the beam's own stage search of
it made. ``trial`` runs a variant of the beam on the positions: a copy of
``games/solvers/spider.py`` changed in memory (each change asserts that the text it replaces is
there, so a changed solver fails loudly rather than testing something else):

- ``--last-weights`` — the priority's weights (:data:`games.solvers.spider.LANES`' eight) used
  inside the last stage only (the stock empty); the last level is still ranked by lane 0's;
- ``--pen-quota`` — the quota of a stage search one deal before the last (``QUOTA`` elsewhere);
- ``--patience N[:work|pr]`` — a last-stage search stops after ``N`` expansions (times the
  quota scale) that found no state with less work left (``work``: 2 × face-down cards + cards)
  or, with ``pr``, no lower priority popped;
- ``--last-rank NAME=W,…`` — the last level's candidates ranked by their priority plus ``W``
  points a unit of each named feature of ``bench/spider_learn.py`` (:attr:`SpiderBeam.rank_level`),
  the other levels by priority;
- ``--novelty P`` — a stage search takes ``P`` points off the priority of a state (in its heap
  only; the level's candidates keep theirs) whose move made a *feature* it had not made before
  from a parent with the same work left (2 × face-down cards + cards): the run's base card on the
  card under it (or in an empty column, or a run completed), or the card left on top of the
  source column. The novelty of best-first width search (Lipovetzky and Geffner, "Best-First
  Width Search: Exploration and Exploitation in Classical Planning", AAAI 2017), as a bonus, the
  features' table partitioned by the work left;
- ``--novelty-tie`` — the same features, as a tie-break only: a stage search's heap holds twice
  the priority, plus one unless the state's move made a new feature, so among states of equal
  priority the novel ones come first (then the latest, or with ``--fifo`` the earliest);
- ``--fifo`` — a stage search breaks ties between states of equal priority by the earliest made,
  not the latest: a change that should change nothing that matters, so what it changes in the
  counts is the noise any variant's counts carry;
- ``--weights`` — lane 0's eight weights (:data:`games.solvers.spider.LANES`) in every stage and
  for the level's ranking (e.g. a mixed-suit penalty: off-suit breaks above unordered ones).

It prints one line a position (positions generated to a win, ``-``: none within ``--nodes``; its
status; CPU seconds) and how many of positions 1-20, 21-60 and 61 up are won within 90 000,
108 000, 114 000 (about what a 2 s rescue searches in Pyodide on the bench's clock since sessions
17 and 19) and 150 000 positions. A win's line is replayed by the rules inside the search, as the solver's.
Positions are those of ``bench/solvers.py`` (1-60 the bench's; 61 up training positions of the same
generator). Not a timed benchmark: positions, not seconds.
"""
from __future__ import annotations

import argparse
import collections
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from spider_positions import chosen_states  # noqa: E402
from games.solvers import spider as sp  # noqa: E402
from games.solvers.search import replays_to_win  # noqa: E402
from games.spider import Spider  # noqa: E402

LIMITS = (90_000, 108_000, 114_000, 150_000)
"""Positions within which ``trial`` counts the wins (114 000: about what a 2 s rescue searches in
Pyodide on the bench's clock since session 19)."""


def position_list(text: str) -> str:
    """``1-60`` or ``1,9,11`` as the comma-separated list :func:`chosen_states` takes."""
    out = []
    for part in filter(None, text.split(",")):
        lo, _, hi = part.partition("-")
        out.extend(range(int(lo), int(hi or lo) + 1))
    return ",".join(map(str, out))


def beam(mod, state, nodes: int, rank_level=None):
    """A :class:`SpiderBeam` of module ``mod`` on ``state`` under ``nodes`` positions (its
    :attr:`SpiderBeam.rank_level` set to ``rank_level``), run."""
    search = mod.SpiderBeam(mod._Problem(state), lambda moves: replays_to_win(Spider, state, moves),
                            max_nodes=nodes)
    search.rank_level = rank_level
    return search, search.run()


def last_ranker(text: str):
    """A :attr:`SpiderBeam.rank_level` ranking the last level only (the candidates made by the last
    deal) by ``priority + w · features`` (``bench/spider_learn.py``'s :func:`ranker` and features,
    ``NAME=W,…``), or ``None`` for an empty ``text``."""
    if not text:
        return None
    from spider_learn import NAMES, ranker
    w = [0.0] * len(NAMES)
    for part in text.split(","):
        name, _, value = part.partition("=")
        w[NAMES.index(name)] = float(value)
    rank = ranker(w)

    def rank_last(search, merged):
        if not merged:
            return merged
        nodes = search._nodes
        parent = nodes[merged[0][2]][0]
        if nodes[parent][2][1] != search.p.n_deals - 1:
            return merged
        return rank(search, merged)
    return rank_last


def column_counts(cols) -> tuple[int, int, int]:
    """``(face-down cards, unordered breaks, off-suit breaks)`` of compact columns."""
    down = unordered = offsuit = 0
    for c in cols:
        d = 0
        while d < len(c) and c[d] >= sp.DOWN:
            d += 1
        down += d
        for i in range(len(c) - 1, d, -1):
            if c[i - 1] != c[i] + 1:
                if (c[i - 1] & 15) == (c[i] & 15) + 1:
                    offsuit += 1
                else:
                    unordered += 1
    return down, unordered, offsuit


def last_stage_positions(search) -> tuple[int, int]:
    """``(positions, positions of the stage searches that did not win)`` generated by the last
    stage's searches (stock empty) of a beam that won: each such position is charged to the root of
    its stage search (its highest ancestor with the stock empty)."""
    nodes, nd = search._nodes, search.p.n_deals
    root_of: dict[int, int] = {}
    per: collections.Counter = collections.Counter()
    for j in range(1, len(nodes)):
        state = nodes[j][2]
        if not isinstance(state, tuple) or state[1] != nd:
            continue
        parent = nodes[j][0]
        root_of[j] = root_of.get(parent, j)
        per[root_of[j]] += 1
    won = root_of.get(len(nodes) - 1)
    return sum(per.values()), sum(v for k, v in per.items() if k != won)


def where(a, ap) -> None:
    """The ``where`` mode (see the module docstring)."""
    which, states = chosen_states(ap, position_list(a.positions), "4")
    print(f"# spider_endgame.py where --positions {a.positions} --nodes {a.nodes}")
    print("# per stage (deals made): share of the expansions, stage searches opened, of them dry")
    for n in which:
        s = states[n - 1]
        search = sp.SpiderBeam(sp._Problem(s), lambda moves, s=s: replays_to_win(Spider, s, moves),
                               max_nodes=a.nodes)
        search.trace = []
        r = search.run()
        nodes, nd = search._nodes, search.p.n_deals
        made = [f"W{e[1]}:{e[5]}" for e in search.trace if e[4] and nodes[e[4][0]][2][1] == nd]
        by, opened, dry = collections.Counter(), collections.Counter(), collections.Counter()
        for st in search._stages.values():
            by[st.stage] += st.expanded
            opened[st.stage] += 1
            dry[st.stage] += not st.heap
        total = sum(by.values())
        print(n, r.status, search.nodes, f"expansions {total} passes {search.passes} width {search.width}",
              " ".join(f"s{k}:{100 * by[k] / total:.0f}%/{opened[k]}/{dry[k]}" for k in sorted(by)), flush=True)
        print("  last level made (width:positions so far), pass by pass:", " ".join(made), flush=True)
        if r.status == "solved":
            inside, failed = last_stage_positions(search)
            print(f"  positions in last-stage searches {inside}, in those that did not win {failed}, "
                  f"the rest {search.nodes - failed}", flush=True)


def roots(a, ap) -> None:
    """The ``roots`` mode (see the module docstring)."""
    which, states = chosen_states(ap, position_list(a.positions), "4")
    print(f"# spider_endgame.py roots --positions {a.positions} --nodes {a.nodes} --alone {a.alone}")
    print("# root (order opened): priority, face-down, unordered / off-suit breaks; alone: s(olved) "
          "or u(nknown) and expansions; expansions of the beam's own stage search")
    for n in which:
        s = states[n - 1]
        search, r = beam(sp, s, a.nodes)
        p = search.p
        last = [(j0, st) for j0, st in search._stages.items() if st.stage == p.n_deals]
        won = []
        print(n, r.status, search.nodes, f"last-level roots {len(last)}", flush=True)
        for i, (j0, st) in enumerate(last):
            q = sp._Problem(s)
            q.root = search._nodes[j0][2]
            alone = sp.SpiderBeam(q, lambda moves: True, max_nodes=a.alone)  # not the position's answer
            status = alone.run().status
            if status == "solved":
                won.append(alone.expansions)
            down, unordered, offsuit = column_counts(q.root[0])
            print(f"  {i} {p.priority(q.root, 0) / sp.SCALE:g} {down} {unordered}/{offsuit} "
                  f"{status[0]} {alone.expansions} {st.expanded}", flush=True)
        print(f"  won alone within {a.alone}: {len(won)} of {len(last)}, expansions {sorted(won)}", flush=True)


def variant(a) -> types.ModuleType:
    """A copy of ``games/solvers/spider.py`` with ``trial``'s changes, as a module."""
    src = (ROOT / "games" / "solvers" / "spider.py").read_text()

    def change(old: str, new: str) -> None:
        nonlocal src
        assert src.count(old) == 1, f"games/solvers/spider.py changed: {old!r}"
        src = src.replace(old, new)

    knobs = ["LAST_W = None", "PEN = None", "PAT = None", "PAT_PR = False"]
    if a.last_weights:
        w = [float(x) for x in a.last_weights.split(",")]
        assert len(w) == 8, "--last-weights: eight numbers, as a lane of LANES"
        knobs[0] = f"LAST_W = {tuple(round(x * 20) for x in w)!r}"
        # the successors' shorter road (no empty column) prices with the lane's weights: off
        change("        if cw >> EMPTY_SHIFT or not self.pruned or self.buried:\n",
               "        if True:\n")
        change("        facts, column = self._info, self._column  # a column's info: facts[c], or column(c) if missing\n"
               "        stock_left = sp < self.n_deals\n",
               "        facts, column = self._info, self._column  # a column's info: facts[c], or column(c) if missing\n"
               "        stock_left = sp < self.n_deals\n"
               "        if not stock_left:\n"
               "            facts, column = self._info_last, self.info_last\n")
        change("        out = []\n        w = self.iweights\n",
               "        out = []\n        w = self.iweights if stock_left else LAST_W\n")
        change("    def segments(self, col: bytes)",
               "    def info_last(self, col):\n"
               "        r = self._info_last.get(col)\n"
               "        if r is not None:\n"
               "            return r\n"
               "        w0, i0 = self.iweights, self._info\n"
               "        self.iweights, self._info = LAST_W, self._info_last\n"
               "        try:\n"
               "            return self.info(col)\n"
               "        finally:\n"
               "            self.iweights, self._info = w0, i0\n\n"
               "    def segments(self, col: bytes)")
        change("        self._info: dict[bytes, tuple] = {}\n",
               "        self._info: dict[bytes, tuple] = {}\n        self._info_last = {}\n")
    if a.pen_quota:
        knobs[1] = f"PEN = {a.pen_quota}"
        change("        return int((b.quota_last if stage == self.p.n_deals else b.quota) * self.quota_scale)",
               "        if PEN and stage == self.p.n_deals - 1:\n"
               "            return int(PEN * self.quota_scale)\n"
               "        return int((b.quota_last if stage == self.p.n_deals else b.quota) * self.quota_scale)")
    if a.patience:
        n, _, key = a.patience.partition(":")
        knobs[2], knobs[3] = f"PAT = {int(n)}", f"PAT_PR = {key == 'pr'}"
        change('    __slots__ = ("stage", "heap", "cands", "ordered", "expanded", "quota")\n',
               '    __slots__ = ("stage", "heap", "cands", "ordered", "expanded", "quota", "bw", "bx")\n')
        change("        self.expanded, self.quota = 0, quota\n",
               "        self.expanded, self.quota = 0, quota\n        self.bw, self.bx = 1 << 60, 0\n")
        change("                if not (heap and st.expanded < quota):\n",
               "                pat = PAT * self.quota_scale if stage == nd else 1 << 40\n"
               "                if not (heap and st.expanded < quota and st.expanded - st.bx < pat):\n")
        change("                while heap and expanded < quota and budget > 0:\n"
               "                    expanded += 1\n"
               "                    expansions += 1\n"
               "                    idx = -pop(heap) & OPEN_LOW\n",
               "                while heap and expanded < quota and budget > 0 and expanded - st.bx < pat:\n"
               "                    expanded += 1\n"
               "                    expansions += 1\n"
               "                    key = pop(heap)\n"
               "                    ppr, idx = (key + OPEN_LOW) >> 32, -key & OPEN_LOW\n")
        change("                    work = p.last_work\n",
               "                    work = p.last_work\n"
               "                    g = (ppr if expanded > 1 else 1 << 59) if PAT_PR else work\n"
               "                    if g < st.bw:\n"
               "                        st.bw, st.bx = g, expanded\n")
    if getattr(a, "novelty_tie", False):
        assert not getattr(a, "novelty", 0), "--novelty-tie and --novelty change the same lines"
        a = argparse.Namespace(**{**vars(a), "novelty": 0.05})  # one unit of a doubled priority
    if getattr(a, "novelty", 0):
        knobs.append(f"NOVELTY = {round(a.novelty * 20)}")  # in SCALE units
        change("        nodes, seen, stages = self._nodes, self.seen, self._stages\n        while True:\n",
               "        nodes, seen, stages = self._nodes, self.seen, self._stages\n        novel = NOVELTY\n"
               "        while True:\n")
        change("                stage, cands, heap, quota = st.stage, st.cands, st.heap, st.quota\n",
               "                stage, cands, heap, quota, met = st.stage, st.cands, st.heap, st.quota, st.met\n")
        change("                    work = p.last_work\n",
               "                    work = p.last_work\n"
               "                    part = work << 16  # the features' partition: the parent's work\n")
        change("                                break\n"
               "                            push(heap, (pr << 32) - j)\n",
               "                                break\n"
               "                            pr = pr * NOV_MUL + NOV_ADD\n"
               "                            a = move[0]\n"
               "                            if a >= 0:  # a move, not the fill before a deal\n"
               "                                n = move[2]\n"
               "                                cb = nxt[0][move[1]]\n"
               "                                ca = nxt[0][a]\n"
               "                                if len(cb) > n:  # the run's base card on the card under it\n"
               "                                    f1 = part | cb[-n - 1] + 4 << 8 | cb[-n] + 4\n"
               "                                elif len(cb) == n:  # in an empty column\n"
               "                                    f1 = part | 3 << 8 | cb[-n] + 4\n"
               "                                else:  # a run completed and left\n"
               "                                    f1 = part | 2 << 8 | 4\n"
               "                                f2 = part | 1 << 8 | (ca[-1] + 4 if ca else 0)  # the source's top\n"
               "                                if f1 not in met:\n"
               "                                    met.add(f1)\n"
               "                                    if f2 not in met:\n"
               "                                        met.add(f2)\n"
               "                                    pr -= novel\n"
               "                                elif f2 not in met:\n"
               "                                    met.add(f2)\n"
               "                                    pr -= novel\n"
               "                            push(heap, (pr << 32) - j)\n")
        change('    __slots__ = ("stage", "heap", "cands", "ordered", "expanded", "quota")\n',
               '    __slots__ = ("stage", "heap", "cands", "ordered", "expanded", "quota", "met")\n')
        change("        self.expanded, self.quota = 0, quota\n",
               "        self.expanded, self.quota = 0, quota\n        self.met = set()\n")
    if getattr(a, "fifo", False):
        assert not a.patience, "--fifo and --patience change the same lines"
        change("                    idx = -pop(heap) & OPEN_LOW\n", "                    idx = pop(heap) & OPEN_LOW\n")
        change("                            push(heap, (pr << 32) - j)\n", "                            push(heap, (pr << 32) + j)\n")
        change("        self.stage, self.heap, self.cands, self.ordered = stage, [-root], [], True\n",
               "        self.stage, self.heap, self.cands, self.ordered = stage, [root], [], True\n")
    tie = getattr(a, "novelty_tie", False)
    knobs.append(f"NOV_MUL, NOV_ADD = {2 if tie else 1}, {1 if tie else 0}")
    if getattr(a, "weights", ""):
        w = tuple(float(x) for x in a.weights.split(","))
        assert len(w) == 8, "--weights: eight numbers, as a lane of LANES"
        change("    (3.0, 2.5, 2.0, 2.0, 1.0, 2.0, 4.0, 0.05),\n    (3.0, 2.5, 2.0, 1.0",
               f"    {w!r},\n    (3.0, 2.5, 2.0, 1.0")
    change("\nKEEP = 3_000_000", "\n" + "\n".join(knobs) + "\nKEEP = 3_000_000")
    mod = types.ModuleType("games.solvers.spider_variant")
    mod.__package__ = "games.solvers"
    exec(compile(src, "spider_variant", "exec"), mod.__dict__)
    mod.__spider_src__ = src  # for scripts that change it further (bench/spider_families.py)
    return mod


def trial(a, ap) -> None:
    """The ``trial`` mode (see the module docstring)."""
    mod = variant(a)
    which, states = chosen_states(ap, position_list(a.positions), "4")
    print(f"# spider_endgame.py trial --positions {a.positions} --nodes {a.nodes} --last-weights "
          f"{a.last_weights} --pen-quota {a.pen_quota} --patience {a.patience} --last-rank {a.last_rank}"
          f" --novelty {a.novelty} --fifo {a.fifo} --novelty-tie {a.novelty_tie} --weights {a.weights}")
    got = {}
    t_all = time.process_time()
    for n in which:
        t0 = time.process_time()
        search, r = beam(mod, states[n - 1], a.nodes, last_ranker(a.last_rank))
        got[n] = search.nodes if r.status == "solved" else None
        print(n, got[n] or "-", r.status, f"{time.process_time() - t0:.2f}", flush=True)
    for b in LIMITS:
        parts = [sum(1 for n, v in got.items() if lo <= n <= hi and v and v <= b)
                 for lo, hi in ((1, 20), (21, 60), (61, 10 ** 9))]
        print(f"within {b}: 1-20 {parts[0]} | 21-60 {parts[1]} | 61 up {parts[2]}")
    print(f"# CPU {time.process_time() - t_all:.1f} s")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="mode", required=True)
    w = sub.add_parser("where", help="the beam's expansions by stage")
    w.add_argument("--positions", required=True, help="e.g. 1,9,11,19 or 1-20")
    w.add_argument("--nodes", type=int, default=400_000)
    r = sub.add_parser("roots", help="the last level's roots searched alone")
    r.add_argument("--positions", required=True)
    r.add_argument("--nodes", type=int, default=400_000)
    r.add_argument("--alone", type=int, default=30_000, help="positions a root's own search may generate")
    t = sub.add_parser("trial", help="a variant of the last stages")
    t.add_argument("--positions", default="1-180")
    t.add_argument("--nodes", type=int, default=150_000)
    t.add_argument("--last-weights", default="", help="eight numbers, as a lane of LANES")
    t.add_argument("--pen-quota", type=int, default=0)
    t.add_argument("--patience", default="", help="N[:work|pr]")
    t.add_argument("--last-rank", default="", help="NAME=W,… of bench/spider_learn.py's features")
    t.add_argument("--novelty", type=float, default=0.0, help="points off a state whose move made a new feature")
    t.add_argument("--fifo", action="store_true", help="a stage search's ties: the earliest state first")
    t.add_argument("--novelty-tie", action="store_true",
                   help="a stage search's ties of priority: a state whose move made a new feature first")
    t.add_argument("--weights", default="", help="lane 0's eight weights (every stage), as a lane of LANES")
    a = ap.parse_args(argv)
    {"where": where, "roots": roots, "trial": trial}[a.mode](a, {"where": w, "roots": r, "trial": t}[a.mode])
    return 0


if __name__ == "__main__":
    sys.exit(main())
