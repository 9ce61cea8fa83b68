"""The benchmark scripts still run (a few frames, one position): they print figures, not verdicts."""
import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*args, tmp):
    env = dict(os.environ, PASYANS_DATA=str(tmp), SDL_VIDEODRIVER="dummy")
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, env=env, timeout=300)


def test_frame_bench_runs(tmp_path):
    p = run("bench/frame.py", "--frames", "3", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert "full frame" in p.stdout and "unchanged frame" in p.stdout


def test_solver_bench_runs(tmp_path):
    p = run("bench/solvers.py", "--games", "tripeaks,pyramid,devils-grip", "--count", "2", "--held-out", "1",
            "--budget", "1", "--no-wasm", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    for name in ("tripeaks", "tripeaks-classic", "pyramid", "pyramid-3", "devils-grip", "held out, positions 3-3"):
        assert name in p.stdout


def test_grip_hint_ab_runs_both_sides_in_both_collector_modes(tmp_path):
    for mode in ("auto", "app"):
        p = run("bench/grip_hint_ab.py", "--rev", "HEAD", "--positions", "1-2", "--rounds", "1", "--gc", mode,
                tmp=tmp_path)
        assert p.returncode == 0, p.stderr[-500:]
        rows = [x.split() for x in p.stdout.splitlines() if x[:1] == " "]
        assert [r[0] for r in rows] == ["1", "2"] and all(r[1] == r[4] == "28000" for r in rows)
        assert "worst (median of rounds), positions 1-20" in p.stdout and "gc " + mode in p.stdout
        assert "collections inside the timing" in p.stdout


def test_same_search_with_the_hint_search_entry(tmp_path):
    p = run("bench/same_search.py", "devils-grip", "--rev", "HEAD", "--nodes", "3000", "--positions", "2",
            "--deals", "1", "--entry", "hint_search", tmp=tmp_path)
    assert p.returncode == 0, p.stdout[-500:] + p.stderr[-500:]
    assert "both searches made by hint_search" in p.stdout and "all: 3/3 identical" in p.stdout


def test_klondike_early3_bench_runs_both_searches_and_deals(tmp_path):
    # position 3 is won by the first progress lane: with the window in fewer nodes than without;
    # position 2 within its first quantum, the same nodes either way
    p = run("bench/klondike_early3.py", "--positions", "2-3", "--rounds", "1", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    rows = {int(x.split()[0]): x.split() for x in p.stdout.splitlines() if x[:1] == " "}
    assert rows[2][1] == rows[2][4] == "solved" and rows[2][2] == rows[2][5]
    assert rows[3][1] == rows[3][4] == "solved" and int(rows[3][5]) < int(rows[3][2])
    p = run("bench/klondike_early3.py", "--deals", "1-3", "--max-nodes", "3000", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert p.stdout.splitlines()[-1] == "same 2 nodes 1 DIFF 0"


def test_klondike_unknowns_reads_the_bench_positions_with_positions(tmp_path):
    # --positions: the numbers are bench/solvers.py's hint positions (deal n, then 15 policy moves),
    # searched node for node as the solver searches them there; without it, the deals' roots
    sys.path.insert(0, str(ROOT / "bench"))
    from solvers import positions
    from games.klondike import Klondike
    from games.solvers.klondike import KlondikeSolver
    sv = KlondikeSolver(positions("klondike", {"draw": "3"}, 15, 3)[-1], max_nodes=20_000)
    r = sv.run()
    root = KlondikeSolver(Klondike.deal(3, {"draw": "3"}), max_nodes=20_000)
    root.run()
    assert r.status == "solved" and sv.nodes != root.nodes
    p = run("bench/klondike_unknowns.py", "--positions", "--draw", "3", "--deals", "3", "--timeout", "30", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert p.stdout.split()[:2] == ["3", "solved"] and int(p.stdout.split()[3]) == sv.nodes
    p = run("bench/klondike_unknowns.py", "--draw", "3", "--deals", "3", "--timeout", "30", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert int(p.stdout.split()[3]) == root.nodes


def test_klondike_late3_bench_tells_the_late_signs_proof_from_the_same_search(tmp_path):
    # draw-3 position 35 is proved lost by the late sign's game (unknown without it); 3 is won
    # before the late sign is read: the same answer at the same node
    p = run("bench/klondike_late3.py", "--positions", "3,35", "--max-nodes", "13000", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    rows = {int(x.split()[0]): x.split() for x in p.stdout.splitlines() if x[:1] == " "}
    assert rows[3][1] == "same" and "fired@" not in " ".join(rows[3])
    assert rows[35][1] == "PROOF" and rows[35][2] == "unknown" and rows[35][6] == "unsolvable"
    assert rows[35][-1] == "True" and p.stdout.splitlines()[-1].startswith("same 1 PROOF 1 SOONER 0 DIFF 0")


def test_hint_wait_bench_asks_the_app(tmp_path):
    p = run("bench/hint_wait.py", "--games", "tripeaks,klondike-3", "--count", "1", "--held-out", "0", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    lines = [ln.split() for ln in p.stdout.splitlines()]
    rows = {ln[0]: ln for ln in lines if ln and ln[0] in ("tripeaks", "klondike-3")}
    assert set(rows) == {"tripeaks", "klondike-3"}
    assert all(r[1] == "1" and r[-2] == "yes" for r in rows.values())   # one position, and told what it is


def test_hint_slices_bench_times_each_slice_and_step(tmp_path):
    p = run("bench/hint_slices.py", "--games", "klondike-3", "--count", "2", "--held-out", "0", "--look", "0.5",
            tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert "klondike draw 3" in p.stdout and "  hint   slices" in p.stdout and "longest steps: " in p.stdout


def test_freecell_race_replays_our_solutions(tmp_path):
    p = run("bench/solver_freecell.py", "--deals", "1-3", "--runs", "1", "--no-fc-solve", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert "3 solved" in p.stdout and "all 3 solutions replayed to a win by the rules" in p.stdout


def test_freecell_floor_bench_times_our_lines(tmp_path):
    p = run("bench/freecell_floor.py", "--deals", "1-2", "--repeat", "1", "--no-fc-solve", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert "2 lines timed" in p.stdout and "oracle: total" in p.stdout and "fc-solve" not in p.stdout


def test_freecell_prelude_bench_counts_and_compares(tmp_path):
    p = run("bench/freecell_prelude.py", "count", "--deals", "1-2", "--order", "8", "--cap", "50", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert [ln.split(",")[0] for ln in p.stdout.splitlines()] == ["[1", "[2"]
    p = run("bench/freecell_prelude.py", "ab", "--deals", "1-2", "--prelude", "[[8, 50]]", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert "old solved 2" in p.stdout and "new solved 2" in p.stdout
    assert "every solution replayed to a win by the rules" in p.stdout


def test_freecell_prelude_bench_counts_every_order_and_searches(tmp_path):
    p = run("bench/freecell_prelude.py", "counts", "--deals", "1-2", "--cap", "60", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    counts = tmp_path / "counts.jsonl"
    counts.write_text(p.stdout)
    rows = [json.loads(ln) for ln in p.stdout.splitlines() if ln.startswith("[")]
    assert [n for n, _ in rows] == [1, 2] and all(len(orders) == 14 for _, orders in rows)
    p = run("bench/freecell_prelude.py", "lanes", "--deals", "1-2", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    lanes = tmp_path / "lanes.jsonl"
    lanes.write_text(p.stdout)
    assert p.stdout.count('"solved"') == 2
    p = run("bench/freecell_prelude.py", "search", str(counts), str(lanes), "--steps", "20", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert "# 2 deals; start" in p.stdout and "best [[" in p.stdout


def test_freecell_ab_bench_compares_with_a_revision(tmp_path):
    p = run("bench/freecell_ab.py", "--rev", "HEAD", "--deals", "1-2", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert "old solved 2" in p.stdout and "new solved 2" in p.stdout and "cpu ratio new/old" in p.stdout
    assert "every solution replayed to a win by the rules" in p.stdout
    p = run("bench/freecell_ab.py", "--rev", "HEAD", "--positions", "2", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert "positions with another answer: 0" in p.stdout


def test_freecell_scan_runs_each_variant_and_refuses_an_unknown_constant(tmp_path):
    p = run("bench/freecell_scan.py", "--deals", "1-2", "--replay", "{}", '{"HAND_OVER": 1}', tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    rows = [ln for ln in p.stdout.splitlines() if " cpu " in ln]
    assert len(rows) == 2 and all(ln.endswith("solved 2") for ln in rows)
    # handed over after one position, the complete search answers: other positions, same answers
    assert rows[0].split(" positions ")[1].split()[0] != rows[1].split(" positions ")[1].split()[0]
    assert "every line replayed to a win by the rules" in p.stdout
    p = run("bench/freecell_scan.py", "--deals", "1", '{"NO_SUCH": 1}', tmp=tmp_path)
    assert p.returncode == 2 and "has no constant 'NO_SUCH'" in p.stderr


def test_freecell_tail_bench_splits_the_cpu_by_deal_and_phase(tmp_path):
    # deal 1618: the threads hand it over at HAND_OVER positions, the third thread alone wins it (a
    # probe); deal 4156: no probe wins it, the complete search does
    p = run("bench/freecell_tail.py", "--deals", "1-3,1618,4156", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    rows = {ln.split()[0]: ln.split() for ln in p.stdout.splitlines() if ln[:1].isdigit()}
    assert set(rows) == {"1", "2", "3", "1618", "4156"}
    assert all(rows[d][rows[d].index("won_by") + 1].startswith("t") for d in ("1", "2", "3"))
    assert all(k in rows[d] for k in ("threads", "probes", "prelude", "lanes") for d in ("1618", "4156"))
    assert rows["1618"][rows["1618"].index("won_by") + 1] == "probe"
    assert rows["4156"][rows["4156"].index("won_by") + 1] in ("prelude", "lane")
    assert "handed over                      2 deals" in p.stdout and "#1618 probe t2" in p.stdout


def test_freecell_dry_bench_compares_the_schedules_after_the_threads_ran_dry(tmp_path):
    # position 21 is lost and the threads search it out; 20 is won before the threads run dry
    p = run("bench/freecell_dry.py", "--positions", "20-21", "--runs", "1", "--variants", "old,lane0",
            tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    rows = [ln for ln in p.stdout.splitlines() if ln[:1].isdigit()]
    assert len(rows) == 1 and rows[0].startswith("21 unsolvable")
    (old_nodes, _), (new_nodes, _) = ast.literal_eval(rows[0].split(" ", 2)[2])
    assert new_nodes < old_nodes
    assert "dry hand-overs {'solved': 0, 'unsolvable': 1}" in p.stdout and "ANOTHER ANSWER" not in p.stdout


def test_freecell_solo_bench_counts_each_thread_alone_and_simulates_probes(tmp_path):
    p = run("bench/freecell_solo.py", "--deals", "1-2", "--cap", "2000", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    rows = [json.loads(ln) for ln in p.stdout.splitlines()]
    assert [r["deal"] for r in rows] == [1, 2]
    from games.solvers import freecell_fast as ff
    for r in rows:
        assert len(r["solos"]) == len(ff.ORDERS) + len(ff.FULL_ORDERS) and not r["handed_over"]
        # the thread that won in the portfolio's first turn wins alone in the same positions
        if r["nodes"] <= ff.SLICE:
            assert r["winner"] == 0 and r["solos"][0] == r["nodes"]
    counts = tmp_path / "solo.jsonl"
    counts.write_text(p.stdout)
    p = run("bench/freecell_solo.py", "--simulate", str(counts), tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert p.stdout.startswith("# 2 deals") and "probes at 5000, threads (2,): S 300 1.000" in p.stdout
    # only the deals handed over: #917 (the third thread alone wins it in a few hundred positions)
    p = run("bench/freecell_solo.py", "--deals", "916-917", "--handed", "--cap", "300", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    rows = [json.loads(ln) for ln in p.stdout.splitlines()]
    assert [r["deal"] for r in rows] == [917] and rows[0]["handed_over"] and rows[0]["nodes"] > ff.HAND_OVER
    assert rows[0]["solos"][2] is not None and rows[0]["solos"][0] is None


def test_store_fuzz_bench_runs(tmp_path):
    p = run("bench/fuzz_store.py", "6", tmp=tmp_path)
    assert p.returncode == 0, p.stdout[-500:] + p.stderr[-500:]
    assert "stored record: 6 inputs tried" in p.stdout and "all: 14 inputs tried, no failure" in p.stdout


def test_save_cost_bench_compares_with_a_revision(tmp_path):
    p = run("bench/save_cost.py", "--ref", "HEAD", "--n", "3", "--rounds", "1", tmp=tmp_path)
    assert p.returncode == 0, p.stdout[-500:] + p.stderr[-500:]
    rows = {ln.split()[0]: ln.split()[1:] for ln in p.stdout.splitlines()[2:] if ln.strip()}
    assert set(rows) == {"game", "win", "progression"}
    assert all(len(v) == 5 for v in rows.values())


def test_redraw_cpu_bench_runs(tmp_path):
    p = run("bench/redraw_cpu.py", "--frames", "2", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    rows = {ln.split()[0] for ln in p.stdout.splitlines()[2:] if ln.strip()}
    assert rows == {"home", "tripeaks", "pyramid", "devils-grip", "spider", "klondike", "freecell"}


def test_redraw_cpu_bench_runs_cold(tmp_path):
    p = run("bench/redraw_cpu.py", "--frames", "2", "--cold", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert "(cold: nothing kept)" in p.stdout.splitlines()[0]
    rows = {ln.split()[0] for ln in p.stdout.splitlines()[2:] if ln.strip()}
    assert rows == {"home", "tripeaks", "pyramid", "devils-grip", "spider", "klondike", "freecell"}


def test_winnability_stream_bench_compares_two_checkouts(tmp_path):
    p = run("bench/winnability_stream.py", "--ref", str(ROOT), "--reps", "1", "--range", "pyramid:1-6",
            "--first", "pyramid:1-1000", "--first-limit", "60", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert "pyramid:1-6 this/ref: wall " in p.stdout
    assert "pyramid:1-1000 this: deal 1 at" in p.stdout and "deal 2 at" in p.stdout
    assert "exit 0, stderr empty" in p.stdout


def test_spider_beam_trace_finds_the_winning_line_in_its_last_pass(tmp_path):
    p = run("bench/spider_beam_trace.py", "--positions", "3", "--nodes", "60000", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    lines = p.stdout.splitlines()
    assert lines[0].startswith("position 3: solved")
    passes = [ln for ln in lines if ln.strip().startswith("pass")]
    # every pass but the last dropped the line somewhere; the last kept it to the last level
    assert len(passes) >= 2 and passes[-1].endswith("kept to the last level")
    assert all("dropped at level" in ln for ln in passes[:-1])
    assert lines[-1].startswith("  won in a stage search of the last level")


def test_spider_beam_trace_ranks_the_line_in_rounds_over_families(tmp_path):
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import spider_beam_trace as t
    finally:
        sys.path.remove(str(ROOT / "bench"))
    a = (b"\x01", b"\x42\x03", b"")
    other = (b"\x05", b"\x42\x03", b"")
    # three positions before a deal: 0 and 1 the same columns in another order, 2 another;
    # their candidates 3, 4 (the line's) and 5, by priority in that order
    nodes = [(-1, None, (a, 0), 0), (-1, None, (a[::-1], 0), 0), (-1, None, (other, 0), 0),
             (0, "d", (a, 1), 0), (1, "d", (a[::-1], 1), 0), (2, "d", (other, 1), 0)]
    search = type("Search", (), {"_nodes": nodes})()
    entry = (1, 3, [0, 1, 2], [(10, -3, 3), (11, -4, 4), (12, -5, 5)], [3, 4, 5], 6)
    assert t.line_ranks(search, entry, {4}) == 1
    # rounds over families: the line's family had its best already, so 5 comes first
    assert t.family_ranks(search, entry, {4}, t.FAMILY_KEYS["columns"]) == (2, 2)
    # a key that tells 0 and 1 apart leaves the priority's order
    assert t.family_ranks(search, entry, {4}, lambda cols: cols) == (1, 3)
    p = run("bench/spider_beam_trace.py", "--positions", "3", "--nodes", "60000", "--families", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    out = p.stdout.splitlines()
    assert out[0].startswith("position 3: solved")
    assert out[-len(t.FAMILY_KEYS) - 1].startswith("  the winning pass's levels: the line's rank by priority")
    assert [ln.split(":")[0].strip() for ln in out[-len(t.FAMILY_KEYS):]] == \
        [f"in rounds over families by {k}" for k in t.FAMILY_KEYS]


def test_hint_wait_counts_a_proved_lost_position_apart_from_a_winning_line():
    """Pyramid's bench position 1 is proved lost and position 3 won: the hint on the first is the
    best move left (``lost``), not a move on a winning line (``line``)."""
    sys.path.insert(0, str(ROOT / "bench"))
    import hint_wait
    got = hint_wait.measure(["pyramid"], count=3, held_out=0, numbers=[1, 3])["pyramid"]["waits"]
    assert [x[1] for x in got] == ["lost", "line"] and all(x[2] for x in got)


def test_spider_portfolio_policies_count_the_positions_of_every_lane():
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import spider_portfolio as sp
    finally:
        sys.path.remove(str(ROOT / "bench"))
    assert sp.TURN == 1000
    # turns of 1000: lane 0 to 1000, lane 1 to 1000, lane 0 to 2000, lane 1 wins at 1500
    assert sp.in_turns([3000, 1500]) == 3500
    assert sp.in_turns([sp.NONE, sp.NONE]) == sp.NONE
    assert sp.restarts([5000, 800, 100], [1000, 1000, 1000]) == 1800
    assert sp.restarts([5000, 5000], [1000, 1000]) == sp.NONE
    # the beam alone to 2000 wins in its first turn after; else a restarted lane's second seed wins
    assert sp.beam_then_turns([2500, 9000, 500], 2000, 1000, 90_000) == 2500
    assert sp.beam_then_turns([5000, 9000, 500], 2000, 1000, 90_000) == 5500
    assert sp.beam_then_turns([sp.NONE, sp.NONE], 2000, 1000, 90_000) == sp.NONE


def test_spider_portfolio_grid_and_simulate(tmp_path):
    from games.solvers.search import replays_to_win
    from games.solvers.spider import SpiderBeam, _Problem
    from games.spider import Spider
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from solvers import positions
    finally:
        sys.path.remove(str(ROOT / "bench"))
    p = run("bench/spider_portfolio.py", "grid", "--positions", "3", "--seeds", "0-1", "--nodes", "30000",
            "--lds", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    row = p.stdout.splitlines()[-1].split()
    assert row[0] == "3" and len(row) == 5 and row[-1].endswith("us")
    # seed 0 is the beam as the solver runs it
    s = positions("spider", {"suits": "4"}, 25, 3)[2]
    beam = SpiderBeam(_Problem(s), lambda m: replays_to_win(Spider, s, m), max_nodes=30000)
    assert beam.run().status == "solved" and row[1] == str(beam.nodes)
    grid = tmp_path / "grid.txt"
    grid.write_text("1 100 - 5us\n21 - 200 5us\n")
    p = run("bench/spider_portfolio.py", "simulate", str(grid), "--budget", "1000", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    out = p.stdout.splitlines()
    assert "beam alone:  1 of 1 |  0 of 1" in out
    assert "oracle (each position's best lane alone):  1 of 1 |  1 of 1" in out
    bad = run("bench/spider_portfolio.py", "grid", "--seeds", "3", tmp=tmp_path)
    assert bad.returncode == 2 and "--seeds takes FIRST-LAST" in bad.stderr


def test_spider_learn_features_ranker_and_widths(tmp_path):
    from games.solvers.search import replays_to_win
    from games.solvers.spider import SpiderBeam, _Problem
    from games.spider import Spider
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import spider_learn as sl
        from solvers import positions
    finally:
        sys.path.remove(str(ROOT / "bench"))
    # two face-down cards, then 9♠ 8♥ (off-suit) 7♥ 6♥ (a run) 2♠ (unordered): spades 0, hearts 16
    col = bytes((64 + 5, 64 + 7, 9, 16 + 8, 16 + 7, 16 + 6, 2))
    f = dict(zip(sl.NAMES, sl.column_features(col)))
    assert (f["down"], f["unordered"], f["offsuit"], f["cards"], f["up_over_down"], f["top_run"]) == (2, 1, 1, 7, 5, 1)
    assert (f["runs"], f["breaks_over_down"], f["down_sq"], f["clean"]) == (3, 2, 4, 0)
    assert sl.column_features(bytes((13, 12, 11)))[sl.NAMES.index("clean")] == 1
    # widths: the line's candidate (index 1) is second by priority, first once "down" costs 1 a card
    data = [(5, [(1, [(10.0, [3] + [0] * 15), (10.5, [1] + [0] * 15), (12.0, [0] * 16)])])]
    assert sl.widths(data, [0.0] * 16) == {5: 2}
    assert sl.widths(data, [1.0] + [0.0] * 15) == {5: 1}
    # a ranker with no weight is the beam as the solver runs it; a weight changes the search
    s = positions("spider", {"suits": "4"}, 25, 3)[2]

    def beam(w):
        b = SpiderBeam(_Problem(s), lambda m: replays_to_win(Spider, s, m), max_nodes=60000)
        if w is not None:
            b.rank_level = sl.ranker(w)
        return b.run().status, b.nodes
    plain = beam(None)
    assert plain[0] == "solved" and beam([0.0] * 16) == plain
    depth = [0.0] * 16
    depth[sl.NAMES.index("depth")] = -2.0  # long lines before a deal first: another order
    assert beam(depth) != plain
    p = run("bench/spider_learn.py", "trial", "--positions", "3", "--nodes", "60000", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert p.stdout.splitlines()[1].split()[:2] == ["3", str(plain[1])]
    p = run("bench/spider_learn.py", "collect", "--positions", "3-3", "--nodes", "60000", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    levels = sl.load([str(_write(tmp_path / "c.txt", p.stdout))])
    assert levels and levels[0][0] == 3 and all(at < len(c) for at, c in levels[0][1])
    # the line's candidate is marked and kept in every level written
    assert sum(1 for ln in p.stdout.splitlines() if ln.startswith("* ")) == len(levels[0][1])
    p = run("bench/spider_learn.py", "probe", "--positions", "3", "--top", "2", "--nodes", "5000", "--long", "60000",
            tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    marks = p.stdout.splitlines()[-1].split(":")[-1].strip()
    # at least the two best candidates; the line's own (won or not) is one of them or the last
    assert len(marks) >= 2 and set(marks) <= set("W.L*") and marks.count("L") + marks.count("*") == 1


def _write(path, text):
    path.write_text(text)
    return path


@pytest.mark.slow   # a Spider study script's run (2-6 s): `pytest -m slow`
def test_spider_stack_schedules_replay_and_repeat(tmp_path):
    from games.solvers.search import replays_to_win
    from games.solvers.spider import SpiderBeam, _Problem
    from games.spider import Spider
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import spider_stack as ss
        from solvers import positions
    finally:
        sys.path.remove(str(ROOT / "bench"))
    states = positions("spider", {"suits": "4"}, 25, 11)

    def search(n, schedule, nodes):
        s = states[n - 1]
        b = ss.SliceBeam(_Problem(s), lambda m: replays_to_win(Spider, s, m), max_nodes=nodes, schedule=schedule)
        r = b.run()
        return r.status, b.nodes, r.moves, (b.width, b.vector, b.below)
    # the beam's schedule is the solver's search, position for position
    s3 = states[2]
    beam = SpiderBeam(_Problem(s3), lambda m: replays_to_win(Spider, s3, m), max_nodes=60000)
    assert beam.run().status == "solved"
    status, nodes, moves, job = search(3, ss.beam_schedule, 60000)
    assert (status, nodes, moves, job[1]) == ("solved", beam.nodes, beam.result.moves, ())
    # position 11: the beam has no win within 60 000; a pass rooted at level 2's best candidate finds
    # one, which replays through the rules, and the same search again finds the same line
    assert search(11, ss.beam_schedule, 60000)[0] == "unknown"
    rooted = ss.rooted_schedule(2, 1, 2, 6, 1)
    first = search(11, rooted, 60000)
    assert first[0] == "solved" and first[3][1] == (0, (0, 1))
    assert replays_to_win(Spider, states[10], first[2])
    assert search(11, ss.rooted_schedule(2, 1, 2, 6, 1), 60000) == first
    # a discrepancy pass (the next slice of a level) searches otherwise, and its win replays too
    lds = search(3, ss.lds1_schedule(3), 60000)
    assert lds[0] == "solved" and lds[1] != nodes and replays_to_win(Spider, s3, lds[2])
    p = run("bench/spider_stack.py", "--positions", "3", "--nodes", "60000", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert p.stdout.splitlines()[1].split()[:2] == ["3", str(beam.nodes)]
    bad = run("bench/spider_stack.py", "--schedule", "lds1:x", tmp=tmp_path)
    assert bad.returncode == 2 and "--schedule" in bad.stderr


@pytest.mark.slow   # a Spider study script's run (2-6 s): `pytest -m slow`
def test_spider_endgame_variants_change_only_what_they_say(tmp_path):
    import argparse
    from games.solvers.search import replays_to_win
    from games.spider import Spider
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import spider_endgame as se
        from solvers import positions
    finally:
        sys.path.remove(str(ROOT / "bench"))
    states = positions("spider", {"suits": "4"}, 25, 7)
    s3 = states[2]

    def knobs(**kw):
        a = argparse.Namespace(last_weights="", pen_quota=0, patience="")
        for k, v in kw.items():
            setattr(a, k, v)
        return se.variant(a)
    # no knob: the copy is the solver's search, position for position
    plain, r = se.beam(se.sp, s3, 60000)
    assert r.status == "solved"
    copy, rc = se.beam(knobs(), s3, 60000)
    assert (rc.status, copy.nodes, rc.moves) == ("solved", plain.nodes, r.moves)
    # each knob searches otherwise; a win it finds replays through the rules
    for kw in ({"last_weights": "3,2.5,2,2,1,2,4,1"}, {"pen_quota": 600}, {"patience": "100"},
               {"patience": "100:pr"}, {"novelty": 4.0}, {"fifo": True}, {"novelty": 4.0, "fifo": True},
               {"novelty_tie": True}, {"novelty_tie": True, "fifo": True}, {"weights": "3,2.5,2,2.5,1,2,4,0.05"}):
        other, ro = se.beam(knobs(**kw), s3, 60000)
        assert other.nodes != plain.nodes, kw
        assert ro.status != "solved" or replays_to_win(Spider, s3, ro.moves)
    # the novelty: 9H can go onto either TH (twins; the stock lasts, so two states) or into the
    # empty column; both moves onto a TH make the same features (9H on TH, KS left on top), so the
    # first made gets the points off its priority and the second none; the move into the empty
    # column makes a new one (9H in an empty column) and gets them too
    from tests.test_spider import pos
    t = pos("KS 9H", "TH", "TH", "2C", "", "4D", "6C", "QC", "4S", "6S", stock="AS 2S 3S 4S 5S 6S 7S 8S 9S TS")
    for points in (4.0, 0.0):
        mod = knobs(novelty=points)
        b = mod.SpiderBeam(mod._Problem(t), lambda m: replays_to_win(Spider, t, m), max_nodes=1000)
        assert b.step(1) is None and b.expansions == 1
        q = mod._Problem(t)
        want = {m[:2]: pr for m, nxt, pr in q.successors(q.root, 1, set()) if m[0] >= 0}
        got = {b._nodes[-key & mod.OPEN_LOW][1][:2]: (key + mod.OPEN_LOW) >> 32 for key in b._stages[0].heap}
        off = round(points * mod.SCALE)
        assert want[(0, 1)] == want[(0, 2)] and set(want) == {(0, 1), (0, 2), (0, 4)}
        assert got == {(0, 1): want[(0, 1)] - off, (0, 2): want[(0, 2)], (0, 4): want[(0, 4)] - off}
    # the novelty as a tie-break only: the priority doubled, one more unless the move made a new feature
    mod = knobs(novelty_tie=True)
    b = mod.SpiderBeam(mod._Problem(t), lambda m: replays_to_win(Spider, t, m), max_nodes=1000)
    assert b.step(1) is None
    got = {b._nodes[-key & mod.OPEN_LOW][1][:2]: (key + mod.OPEN_LOW) >> 32 for key in b._stages[0].heap}
    assert got == {(0, 1): 2 * want[(0, 1)], (0, 2): 2 * want[(0, 2)] + 1, (0, 4): 2 * want[(0, 4)]}
    # lane 0's weights given as they are: the solver's search again
    same, rs = se.beam(knobs(weights="3,2.5,2,2,1,2,4,0.05"), s3, 60000)
    assert (rs.status, same.nodes, rs.moves) == ("solved", plain.nodes, r.moves)
    # the last level's ranking: the other levels keep the priority's order
    s7 = states[6]
    base, _ = se.beam(se.sp, s7, 70000)
    ranked, rr = se.beam(se.sp, s7, 70000, se.last_ranker("down=1"))
    assert ranked.nodes != base.nodes and (rr.status != "solved" or replays_to_win(Spider, s7, rr.moves))
    p = run("bench/spider_endgame.py", "trial", "--positions", "3", "--nodes", "60000", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert p.stdout.splitlines()[1].split()[:3] == ["3", str(plain.nodes), "solved"]
    p = run("bench/spider_endgame.py", "where", "--positions", "3", "--nodes", "60000", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert p.stdout.splitlines()[2].split()[:3] == ["3", "solved", str(plain.nodes)]
    assert p.stdout.splitlines()[3].startswith("  last level made (width:positions so far), pass by pass: W1:")
    words = p.stdout.splitlines()[4].replace(",", "").split()
    inside, failed, rest = int(words[4]), int(words[11]), int(words[-1])
    assert 0 <= failed <= inside < plain.nodes and failed + rest == plain.nodes
    p = run("bench/spider_endgame.py", "roots", "--positions", "3", "--nodes", "60000", "--alone", "2000",
            tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert p.stdout.splitlines()[2].startswith(f"3 solved {plain.nodes} last-level roots ")
    assert "won alone within 2000:" in p.stdout.splitlines()[-1]


def test_spider_cost_runs_the_same_search_with_and_without_the_clock(tmp_path):
    # natively only (Pyodide's run is the same file under Node); the fingerprint (status, positions,
    # moves of each search) does not depend on the clock the search reads
    outs = []
    for extra in ((), ("--clocked",)):
        p = run("bench/spider_cost.py", "--positions", "2,3", "--nodes", "3000", "--no-wasm", *extra, tmp=tmp_path)
        assert p.returncode == 0, p.stderr[-500:]
        assert "positions a CPU s" in p.stdout
        outs.append([line for line in p.stdout.splitlines() if "fingerprint" in line])
    assert outs[0] == outs[1] and outs[0] and "2:" in outs[0][0] and "3:" in outs[0][0]


def test_spider_cost_against_another_checkout_tells_the_same_search_from_another(tmp_path):
    # natively only: this checkout against itself makes the same searches; against a copy whose
    # stage quota differs it searches otherwise, and the exit status says so
    import shutil
    p = run("bench/spider_cost.py", "--positions", "2", "--nodes", "3000", "--no-wasm", "--against", str(ROOT),
            "--rounds", "2", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert "the same searches: yes" in p.stdout
    assert len(p.stdout.split("this [")[1].split("]")[0].split(",")) == 2  # a figure a round
    other = tmp_path / "other"
    shutil.copytree(ROOT / "games", other / "games", ignore=shutil.ignore_patterns("__pycache__"))
    spider = other / "games" / "solvers" / "spider.py"
    text = spider.read_text()
    assert "QUOTA, QUOTA_LAST, QUOTA_MORE = 300," in text
    spider.write_text(text.replace("QUOTA, QUOTA_LAST, QUOTA_MORE = 300,", "QUOTA, QUOTA_LAST, QUOTA_MORE = 200,"))
    p = run("bench/spider_cost.py", "--positions", "2", "--nodes", "3000", "--no-wasm", "--against", str(other),
            "--rounds", "1", tmp=tmp_path)
    assert p.returncode == 1 and "the same searches: NO" in p.stdout, p.stdout + p.stderr[-500:]


def test_spider_costs_positions_are_the_solver_benchs():
    """``bench/spider_cost.py`` carries its own copy of ``bench/solvers.py``'s rescue positions (in
    Pyodide it gets ``games/`` only): the copy must give the very same positions."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import solvers
        import spider_cost
    finally:
        sys.path.remove(str(ROOT / "bench"))
    bench = solvers.positions("spider", {"suits": "4"}, 25, 6)
    assert spider_cost.positions([1, 4, 6]) == {1: bench[0], 4: bench[3], 6: bench[5]}


def test_freecell_first_thread_bench_counts_what_the_thread_alone_searches(tmp_path):
    """Each deal's positions and answer are those of the fast core with that one thread and no
    hand-over; a dead subtree is never larger than the positions searched."""
    from games.freecell import FreeCell
    from games.solvers import freecell_fast as ff

    p = run("bench/freecell_first_thread.py", "--deals", "1-3", "--within", "20", "--cap", "3000",
            "--order", "0,1,3,5,2", "--sort", "2,3,5,7", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    rows = {ln.split()[0]: ln.split() for ln in p.stdout.splitlines() if ln[:1].isdigit()}
    assert set(rows) == {"1", "2", "3"}
    for d, row in rows.items():
        f = ff.FastSearch(FreeCell.deal(int(d), {}), max_nodes=3000, orders=[(0, 1, 3, 5, 2)], full=(),
                          hand_over=None, sorts=[(2, 3, 5, 7)], verify=False)
        r = f.run()
        assert row[2] == str(r.status == "solved") and int(row[4]) == r.nodes
        assert row[6] == str(len(f.raw)) and int(row[10]) < r.nodes
    assert "won 3, within 20 positions" in p.stdout and "by the first child's group" in p.stdout


def test_every_script_answers_help_with_a_usage_and_writes_nothing():
    """``--help`` on a script of bench/ or tools/ prints its usage: three took it for an argument
    (tools/pyramid_screens.py rendered into a folder named ``--help``; tools/pyramid_layouts.py
    and bench/fuzz_store.py ended in a traceback). Every script run as a program reads its
    arguments with argparse (checked in its source: running all of them costs a minute); the
    tools, each run with ``--help``."""
    import ast

    scripts = sorted((ROOT / "bench").glob("*.py")) + sorted((ROOT / "tools").glob("*.py"))
    for path in scripts:
        src = path.read_text(encoding="utf-8")
        if '__name__ == "__main__"' in src:
            names = {a.name for n in ast.walk(ast.parse(src)) if isinstance(n, (ast.Import, ast.ImportFrom))
                     for a in n.names} | {n.module for n in ast.walk(ast.parse(src)) if isinstance(n, ast.ImportFrom)}
            assert "argparse" in names, f"{path.name} reads sys.argv by hand"
    for path in sorted((ROOT / "tools").glob("*.py")):
        if '__name__ == "__main__"' not in path.read_text(encoding="utf-8"):
            continue
        before = set(os.listdir(ROOT))
        r = subprocess.run([sys.executable, str(path), "--help"], cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert r.returncode == 0 and r.stdout.startswith("usage:") and "Traceback" not in r.stderr, (path.name, r.stderr)
        assert set(os.listdir(ROOT)) == before, path.name


def test_klondike_proof3_cost_bench_runs_both_games_on_the_same_states(tmp_path):
    # the exact-talon game alone from position 16's solver root (it reaches its goal at its
    # 9 683rd state with kings=True): both revisions, the same answer and states, no DIFF
    p = run("bench/klondike_proof3_cost.py", "--positions", "16", "--rounds", "1", "--states", "3000",
            "--kings", "0", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    row = next(ln for ln in p.stdout.splitlines() if ln.startswith("position 16:"))
    ref, new, _ = row.split(": ", 1)[1].split(" | ")
    assert ref.split()[:2] == new.split()[:2] == ["None", "3000"] and "DIFF" not in row
    assert p.stdout.splitlines()[-1].startswith("sum of medians:")
    # the whole hint: position 2 (draw 3) is won at the same node with either revision's proof classes
    p = run("bench/klondike_proof3_cost.py", "--hint", "--positions", "2", "--rounds", "1", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    row = next(ln for ln in p.stdout.splitlines() if ln.startswith("position 2:"))
    ref, new, _ = row.split(": ", 1)[1].split(" | ")
    assert ref.split()[:2] == new.split()[:2] and ref.split()[0] == "solved" and "DIFF" not in row


def test_klondike_hint_ab_bench_runs_both_solvers_on_the_same_positions(tmp_path):
    # position 2 (draw 3) with HEAD's solver and the working one: won at the same node, no DIFF
    p = run("bench/klondike_hint_ab.py", "--rev", "HEAD", "--positions", "2", "--rounds", "1", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    row = next(ln for ln in p.stdout.splitlines() if ln.startswith("  2:"))
    ref, new, _ = row.split(": ", 1)[1].split(" | ")
    assert ref.split()[:2] == new.split()[:2] and ref.split()[0] == "solved" and "DIFF" not in row
    assert p.stdout.splitlines()[-1].startswith("sum of medians:")


def test_klondike_profile_bench_lists_the_hint_and_its_costliest_functions(tmp_path):
    # natively (no Pyodide): position 2's answer, the collector's line, and the solver's own
    # functions among the costliest under cProfile
    p = run("bench/klondike_profile.py", "--positions", "2", "--no-wasm", "--top", "40", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    lines = p.stdout.splitlines()
    row = next(ln for ln in lines if ln.startswith("  2 "))
    assert row.split()[1] == "solved" and " gc " in row
    assert any("klondike.py" in ln and "(moves)" in ln for ln in lines)



def test_klondike_profile_parts_name_the_answering_lane_and_count_every_node(tmp_path):
    # natively: draw 3's position 3 is won by the first progress lane; the lanes listed hold every
    # node of the answer, and the parts include rule 5's calls and the answer's line
    p = run("bench/klondike_profile.py", "--parts", "--positions", "3", "--rounds", "1", "--no-wasm", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    lines = p.stdout.splitlines()
    head = next(ln for ln in lines if ln.startswith("  3: "))
    assert head.startswith("  3: solved at ") and "answered by progress lane 1 (draw 3)" in head
    nodes = int(head.split(" at ")[1].split()[0])
    lanes = next(ln for ln in lines if "nodes by lane" in ln).split(": ", 1)[1].split("; ")
    assert sum(int(x.rsplit(" ", 1)[1]) for x in lanes) == nodes
    assert any("of which rule 5 (blocked)," in ln and " calls " in ln for ln in lines)
    assert any("the answer's line (_make_line)" in ln for ln in lines) and lines[-1].split()[0] == "total"


def test_klondike_window_nodes_lists_the_positions_a_setting_changes(tmp_path):
    # position 2 answers in its first quantum whatever the weights; 3 is won by the first
    # progress lane, sooner with it weighted up
    p = run("bench/klondike_window_nodes.py", "--positions", "2-3", "--max-nodes", "3000", "--early", "30000,8,1.5",
            tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    lines = p.stdout.splitlines()
    assert lines[1].startswith("(30000, 4.0, 1.5)") and lines[2].startswith("(30000, 8.0, 1.5)")
    rows = {int(x.split(":")[0]): x.split() for x in lines if x[:1] == " "}
    assert list(rows) == [3] and rows[3][1] == rows[3][5] == "solved" and int(rows[3][6]) < int(rows[3][2])


def test_klondike_proof_order_counts_the_draw1_game_in_three_orders(tmp_path):
    p = run("bench/klondike_proof_order.py", "--positions", "2-3", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    rows = {int(x.split(":")[0]): x.split(": ", 1)[1].split(" | ") for x in p.stdout.splitlines() if x[:1] == " "}
    assert set(rows) == {2, 3} and all(len(r) == 3 and all(y.split()[0] == "goal" for y in r) for r in rows.values())
    sums = p.stdout.splitlines()[-1]
    assert sums.startswith("sums of the states: its own ")
    assert int(sums.split("its own ")[1].split(",")[0]) == sum(int(r[0].split()[1]) for r in rows.values())

@pytest.mark.slow   # a Spider study script's run (2-6 s): `pytest -m slow`
def test_spider_families_macros_one_last_search_and_dives(tmp_path):
    import argparse
    from games.solvers.search import replays_to_win
    from games.spider import Spider
    from tests.test_spider import play, pos
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import spider_endgame as se
        import spider_families as sf
        from solvers import positions
    finally:
        sys.path.remove(str(ROOT / "bench"))
    assert [sf.luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    mod = se.variant(argparse.Namespace(last_weights="", pen_quota=0, patience="", novelty=0.0,
                                        novelty_tie=False, fifo=False, weights=""))
    # a macro: 9H onto its natural card TH, then 5S onto the 6D, and the AH under them turns up;
    # its state is the one the rules reach with those two moves, priced as the full priority
    t = pos("(AH) 5S 9H", "TH", "6D", "KC", "KC", "KS", "KS", "KH", "KH", "KD")
    q = sf.macro_problem(mod, "add", 6)(t)
    macros = [(m, nxt, pr) for m, nxt, pr in q.successors(q.root, 0, set()) if len(m) == 4]
    assert [m[3] for m, _, _ in macros] == [((0, 1, 1), (0, 2, 1))]
    _, nxt, pr = macros[0]
    assert nxt == mod._Problem(play(t, "1-2", "1-3")).root and pr == q.priority(nxt, 0)
    # too many moves for --steps 1: no macro
    q1 = sf.macro_problem(mod, "add", 1)(t)
    assert not [m for m, _, _ in q1.successors(q1.root, 0, set()) if len(m) == 4]
    states = positions("spider", {"suits": "4"}, 25, 3)
    s3 = states[2]
    verify = lambda moves: replays_to_win(Spider, s3, moves)  # noqa: E731
    plain, r = se.beam(se.sp, s3, 60000)
    assert r.status == "solved"
    # each family searches otherwise; a win it finds replays through the rules (checked again here)
    for mode in ("add", "plateau", "last"):
        b = mod.SpiderBeam(sf.macro_problem(mod, mode, 6)(s3), verify, max_nodes=60000)
        rb = b.run()
        assert b.nodes != plain.nodes and (rb.status != "solved" or verify(rb.moves)), mode
        assert rb.status != "unsolvable"
    merged = sf.merged_last(mod, False)
    b = merged.SpiderBeam(merged._Problem(s3), verify, max_nodes=60000)
    rb = b.run()
    assert b.nodes != plain.nodes and (rb.status != "solved" or verify(rb.moves))
    s2 = states[1]
    d = sf.dive_class(mod)(mod._Problem(s2), lambda moves: replays_to_win(Spider, s2, moves), 80000, 2000)
    rd = d.run()
    assert rd.status == "solved" and d.dives > 1 and replays_to_win(Spider, s2, rd.moves)
    # with no option the script runs the solver's search
    p = run("bench/spider_families.py", "--positions", "3", "--nodes", "60000", "--mode", "none", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert p.stdout.splitlines()[1].split()[:3] == ["3", str(plain.nodes), "solved"]


def test_spider_beam_sweep_runs_the_engine_with_a_set_and_counts_its_answers(tmp_path):
    # positions 2-3 in two Node processes with another stage quota: each the Python search's node
    # count with that set (the engine is that search), and the report counts its answers
    from games.solvers import spider as sp
    from games.solvers.search import replays_to_win
    from games.spider import Spider
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from solvers import positions
    finally:
        sys.path.remove(str(ROOT / "bench"))
    out = tmp_path / "q450.jsonl"
    p = run("bench/spider_beam_sweep.py", "run", "--out", str(out), "--positions", "2-3", "--nodes", "12000",
            "--set", "quota=450", "--warm", "0", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert rows[0] == {"set": {"quota": 450, "quota_last": 1000, "grow": 1.5, "width": 1, "quota_grow": 1.0},
                       "nodes": 12000}
    beam = sp.PYTHON_BEAM._replace(quota=450)
    for state, row in zip(positions("spider", {"suits": "4"}, 25, 3)[1:], rows[1:]):
        r = sp.SpiderBeam(sp._Problem(state), lambda m, s=state: replays_to_win(Spider, s, m), 12000, beam=beam).run()
        assert (row["status"], row["nodes"]) == (r.status, r.nodes)
    solved = sum(r["status"] == "solved" for r in rows[1:])
    p = run("bench/spider_beam_sweep.py", "report", "--nodes", "12000", str(out), tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert p.stdout.splitlines()[1].split()[0] == f"{solved}/2"


def test_drop_target_cost_bench_runs(tmp_path):
    p = run("bench/drop_target_cost.py", "--motions", "5", tmp=tmp_path)
    assert p.returncode == 0, p.stderr[-500:]
    assert "look-up" in p.stdout and "ring" in p.stdout
