"""Klondike's search state operations in JavaScript (games/solvers/klondike_search.js, not wired
into the app yet) are games/solvers/klondike.py's ``_Problem``: from many positions, the same
macro moves in the same order with the same priorities, the same keys, the same positions and
intents after each move (or the same refusal by rule 4), the same talon cards reachable, the same
safe cards played home (``_auto``) and the same answers of rule 5 (``blocked``). The JavaScript runs
in Node (tests/web/js_bridge.mjs, through webenv.NodeBridge); skipped without Node, failed under CI.
"""
from __future__ import annotations

import json
import random

import pytest

import webenv
from games.klondike import Klondike
from games.solvers import klondike as ks

SOURCE = webenv.ROOT / "games" / "solvers" / "klondike_search.js"


@pytest.fixture(scope="module")
def bridge():
    b = webenv.NodeBridge(webenv.need_node(), target="pasyansKlondike")
    b.load(SOURCE.read_text(encoding="utf-8"))
    yield b
    b.close()


def plain(x):
    """``x`` as JSON carries it: bytes as latin-1 strings (the engine's strings of char codes),
    tuples as lists."""
    if isinstance(x, (bytes, bytearray)):
        return x.decode("latin-1")
    if isinstance(x, (tuple, list)):
        return [plain(y) for y in x]
    return x


def configs(draw: int) -> list:
    """The problems the solver's lanes search with, ``(draw, partial, back, chains)``: the complete
    search and the progress lanes, the two streamliners, and in draw 1 the streamliner over the
    talon reached as in draw 3 (KlondikeSolver.STREAMLINERS, STREAMLINERS_DRAW1, STAGE)."""
    out = [(draw, True, True, True), (draw, False, False, False), (draw, False, True, True)]
    return out + [(3, False, False, False)] if draw == 1 else out


def problem(cfg) -> ks._Problem:
    pb = ks._Problem(cfg[0], cfg[1])
    pb.back, pb.chains = cfg[2], cfg[3]
    return pb


def rule_positions(draw: int, rnd: random.Random) -> list:
    """Positions of the rules' random play (draws and recycles included) from deals, as
    ``_Problem.from_rules`` makes them, before their safe cards go home: deal 19 (draw 1 lost by
    rule 5 at the root) and deals 1-8 after 0-60 random legal moves."""
    out = []
    for n in (19, 1, 2, 3, 4, 5, 6, 7, 8):
        s = Klondike.deal(n, {"draw": str(draw)})
        for _ in range(0 if n == 19 else rnd.randrange(61)):
            moves = Klondike.legal_moves(s)
            if not moves:
                break
            s = Klondike.apply(s, rnd.choice(moves))
        out.append(ks._Problem.from_rules(s))
    return out


def walk(pb: ks._Problem, root, rnd: random.Random, steps: int):
    """The states of a random walk over ``pb``'s macro moves from ``root`` (the first move allowed
    half the time, else any allowed one: deep walks and odd corners both)."""
    st = root
    for _ in range(steps):
        yield st
        nxt = [r for m in pb.moves(st) if (r := pb.apply(st, m)) is not None]
        if not nxt:
            return
        st = nxt[0][0] if rnd.random() < 0.5 else rnd.choice(nxt)[0]


def won_state():
    """A won state (an empty talon, no face-down card): three kings left, one on each of three columns."""
    cols = (b"\x00\x0d", b"\x00\x1d", b"\x00\x2d", b"\x00", b"\x00", b"\x00", b"\x00")
    return cols, b"", 0, (12, 12, 12, 13), ()


def test_the_state_operations_are_the_python_ones(bridge):
    """Random walks in draw 1 and draw 3 from positions of random play, over every lane's problem:
    each state's key, whether it is won, its moves, each move's result (the next state with its
    pending columns and the intents, or ``None``), its reachable talon cards and rule 5's answer;
    each position's safe cards played home. About 1 s."""
    rnd = random.Random(30)
    problems, states, raw, expected, autos = [], [], [], [], []
    seen = dict(moves=0, refused=0, talon=0, back=0, to_empty=0, pending2=0, fill_pending=0, auto_talon=0,
                auto_col=0, blocked=0, won=0, draw3_p=0)
    for draw in (1, 3):
        for pos in rule_positions(draw, rnd):
            cols, T, p, f = pos
            raw.append([draw, *plain(pos)])
            cols, f, intents = list(cols), list(f), []
            q = ks._Problem(draw)._auto(cols, T, p, f, intents)
            T, p = q if isinstance(q, tuple) else (T, q)
            autos.append(plain([cols, T, p, f, intents]))
            seen["auto_talon"] += any(k == ks.K_TALON for k, _, _ in intents)
            seen["auto_col"] += any(k == ks.K_COL for k, _, _ in intents)
            root = (tuple(cols), T, p, tuple(f), ())
            for cfg in configs(draw):
                j = len(problems)
                problems.append(cfg)
                pb = problem(cfg)
                for st in walk(pb, root, rnd, 60):
                    states.append([j, plain(st)])
                    ms = pb.moves(st)
                    applied = [pb.apply(st, m) for m in ms]
                    expected.append(plain([pb.key(st), pb.won(st), ms, applied, ks.blocked(st[0], st[3]),
                                           list(pb.reachable(st[1], st[2]))]))
                    seen["moves"] += len(ms)
                    seen["refused"] += applied.count(None)
                    seen["talon"] += sum(m[1] == ks.K_TALON for m in ms)
                    seen["back"] += sum(m[1] == ks.K_FOUND for m in ms)
                    seen["to_empty"] += sum(m[3] >= 0 and len(st[0][m[3]]) == 1 for m in ms)
                    seen["pending2"] += len(st[4]) >= 2
                    seen["fill_pending"] += b"" in st[4]
                    seen["blocked"] += expected[-1][4]
                    seen["draw3_p"] += pb.draw == 3 and st[2] % 3 != 0
    problems.append((1, True, True, True))
    states.append([len(problems) - 1, plain(won_state())])
    pb = ks._Problem(1)
    st = won_state()
    ms = pb.moves(st)
    expected.append(plain([pb.key(st), pb.won(st), ms, [pb.apply(st, m) for m in ms], ks.blocked(st[0], st[3]),
                           list(pb.reachable(st[1], st[2]))]))
    seen["won"] += pb.won(st)

    out = json.loads(bridge.ask("check", json.dumps({"problems": problems, "states": states, "raw": raw})))
    assert out["auto"] == autos
    assert len(out["states"]) == len(expected)
    for (j, st), js, py in zip(states, out["states"], expected):
        key, won, ms, applied, lost, reach = py
        assert (js["key"], js["won"], js["blocked"], js["reachable"]) == (key, won, lost, reach), (problems[j], st)
        assert js["moves"] == ms, (problems[j], st)
        assert js["applied"] == applied, (problems[j], st)
    # the branches the states went through (a test that could pass by meeting none would prove little)
    assert len(states) > 1500 and all(seen.values()), seen
