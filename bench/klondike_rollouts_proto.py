"""Prototype: nested rollouts over progress boards (Yan et al. 2004; Cazenave's NMCS).
python bench/klondike_rollouts_proto.py --draw 3 --deals 90,111 --level 1 --timeout 60
"""
from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.klondike import Klondike  # noqa: E402
from games.solvers import klondike as ks  # noqa: E402


class Out(Exception):
    pass


class Roll:
    def __init__(self, state, local=10, width=None, score="rank", limit=None, clock=time.process_time, timeout=None):
        draw = state.draw
        self.pb = pb = ks._Problem(draw, True)
        cols, T, p, f = pb.from_rules(state)
        cols, f, intents = list(cols), list(f), []
        p = pb._auto(cols, T, p, f, intents)
        if isinstance(p, tuple):
            T, p = p
        self.root = (tuple(cols), T, p, tuple(f), ())
        self.root_intents = intents
        self.start = state
        self.local = local
        self.width = width
        self.kids = {}
        self.nodes = 0
        self.dead = {}
        self.draw3 = draw == 3
        self.score_kind = score
        self.limit = limit
        self.t0 = clock()
        self.clock = clock
        self.timeout = timeout
        self.win = None

    def score(self, st):
        cols, T, _, f, _ = st
        d = sum(b[0] for b in cols)
        if self.score_kind == "rank":
            return -(2 * d - sum(f)), -len(T)
        return -(2 * d + len(T) - sum(f)), 0

    def children(self, st):
        """Progress boards reached from st by a local DFS of self.local nodes: [(child, path)]; a win raises."""
        pb = self.pb
        k0 = pb.key(st)
        got = self.kids.get(k0)
        if got is not None:
            return got
        key, apply, moves, won = pb.key, pb.apply, pb.moves, pb.won
        dead = self.dead
        d0, t0len = sum(b[0] for b in st[0]), len(st[1])
        local = {k0: [()]}
        stack = [[st, moves(st), 0, ()]]
        n = 0
        out = []
        coarse = {}
        while stack and n < self.local:
            top = stack[-1]
            ms, i, cur = top[1], top[2], top[0]
            pushed = False
            while i < len(ms):
                nxt = apply(cur, ms[i])
                i += 1
                if nxt is None:
                    continue
                nxt, intents = nxt
                k = key(nxt)
                P = nxt[4]
                done = local.get(k)
                if done is None:
                    local[k] = [P]
                elif not done[0] or ks._dominated(done, P):
                    continue
                n += 1
                top[2] = i
                if not nxt[1] and won(nxt):
                    path = tuple(x for e in stack[1:] for x in e[3]) + tuple(intents)
                    self.nodes += n
                    raise Out(path)
                cols = nxt[0]
                if len(nxt[1]) < t0len or sum(b[0] for b in cols) < d0:
                    J = b"\xff".join(sorted(cols))
                    lost = dead.get(J)
                    if lost is None:
                        lost = dead[J] = ks.blocked(cols, nxt[3])
                    if not lost:
                        ck = ks._coarse(nxt, self.draw3) + (bytes((nxt[2],)) if self.draw3 else b"")
                        if ck not in coarse:
                            coarse[ck] = 1
                            path = tuple(x for e in stack[1:] for x in e[3]) + tuple(intents)
                            out.append((nxt[:4] + ((),), path))
                    continue
                if not P:
                    J = b"\xff".join(sorted(cols))
                    lost = dead.get(J)
                    if lost is None:
                        lost = dead[J] = ks.blocked(cols, nxt[3])
                    if lost:
                        continue
                pushed = True
                if n >= self.local:
                    break
                stack.append([nxt, moves(nxt), 0, intents])
                break
            if not pushed:
                top[2] = i
                stack.pop()
        self.nodes += n
        out.sort(key=lambda e: self.score(e[0]), reverse=True)  # stable: best score first
        if self.width:
            out = out[:self.width]
        self.kids[k0] = out
        if self.limit is not None and self.nodes >= self.limit:
            raise Out(None)
        if self.timeout is not None and self.clock() - self.t0 > self.timeout:
            raise Out(None)
        return out

    def rollout(self, st, level, prefix):
        """(score, seq of (child, path)) from st at level; a win raises Out(path list)."""
        seq = []
        best = None  # (score, rest of sequence) memorised (NMCS)
        cur = st
        while True:
            try:
                kids = self.children(cur)
            except Out as e:
                if e.args[0] is None:
                    raise
                raise Out(prefix + [x for _, pth in seq for x in pth] + list(e.args[0])) from None
            if not kids:
                sc = self.score(cur)
                if best is None or sc >= best[0]:
                    return sc, seq
                # follow the memorised sequence
                return best[0], seq + best[1]
            if level == 0:
                choice = kids[0]
                seq.append(choice)
                cur = choice[0]
                continue
            here = prefix + [x for _, pth in seq for x in pth]
            for kid in kids:
                sc, rest = self.rollout(kid[0], level - 1, here + list(kid[1]))
                if best is None or sc > best[0]:
                    best = (sc, [kid] + rest)
            choice = best[1][0]
            best = (best[0], best[1][1:])
            seq.append(choice)
            cur = choice[0]

    def run(self, level):
        try:
            for lv in range(level + 1) if isinstance(level, int) else level:
                self.level_done = lv
                self.rollout(self.root, lv, list(self.root_intents))
        except Out as e:
            if e.args[0] is None:
                return None
            return list(e.args[0])
        return None


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--draw", type=int, default=3)
    ap.add_argument("--deals", required=True)
    ap.add_argument("--level", type=int, default=1)
    ap.add_argument("--only", action="store_true", help="only the given level, not 0..level")
    ap.add_argument("--local", type=int, default=10)
    ap.add_argument("--width", type=int, default=0)
    ap.add_argument("--score", default="rank")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--nodes", type=int, default=None)
    a = ap.parse_args(argv)
    for n in (int(x) for x in a.deals.split(",")):
        s = Klondike.deal(n, {"draw": str(a.draw)})
        t0 = time.process_time()
        r = Roll(s, a.local, a.width or None, a.score, limit=a.nodes, timeout=a.timeout)
        levels = [a.level] if a.only else list(range(a.level + 1))
        line = r.run(levels)
        dt = time.process_time() - t0
        res = "unknown"
        if line is not None:
            moves, end = ks._play_intents(s, line)
            res = "solved" if Klondike.status(end) == "won" else "BAD"
            res += f" {len(moves)} moves"
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"{n} d{a.draw} L{a.local} {a.score} {res} level {getattr(r, 'level_done', '?')} {dt:.1f}s {r.nodes} nodes {len(r.kids)} boards {rss:.0f}MB", flush=True)


if __name__ == "__main__":
    main()
