"""Spider solver (issue 7): games/solvers/spider.py through Spider.solver / Spider.solve."""
import pytest

from games.__main__ import main
from games.solvers.search import SOLVED, UNKNOWN, UNSOLVABLE, replays_to_win
from games.spider import Spider
from tests.test_spider import pos, run


def solve(s, **kw):
    r = Spider.solver(s, **kw).run()
    if r.status == SOLVED:
        assert replays_to_win(Spider, s, r.moves), r.moves
    return r


def test_hooked():
    assert Spider.has_solver()


def test_one_move_from_the_win():
    s = pos(run("H", 13, 2), "AH")
    r = solve(s, max_nodes=1000)
    assert r.status == SOLVED and r.moves == ["2-1"]


def test_a_run_buried_under_a_wrong_card_is_dug_out():
    # 2H and 3H are swapped at the top of the run: 3H must leave, 2H go on, 3H come back
    s = pos("KH QH JH TH 9H 8H 7H 6H 5H 4H 2H 3H", "AH")
    r = solve(s, max_nodes=10_000)
    assert r.status == SOLVED
    assert len(r.moves) >= 4


def test_face_down_cards_are_seen_and_turned():
    s = pos("(2H) (AH) " + run("H", 13, 3))
    r = solve(s, max_nodes=20_000)
    assert r.status == SOLVED


def test_relaxed_deal_onto_empty_columns():
    s = pos(run("H", 13, 2), stock="AH", extra="Relaxed: yes")
    assert solve(s, max_nodes=100).moves == ["d"]


def test_empty_columns_are_filled_so_the_last_deal_can_be_made():
    # QA: nine empty columns and one stock card; no deal while a column is empty (docs/rules.md):
    # the run must be spread over all ten columns, dealt on, then rebuilt
    s = pos(run("H", 13, 2), stock="AH")
    r = solve(s, max_nodes=20_000)
    assert r.status == SOLVED and "d" in r.moves
    assert r.moves.index("d") >= 9


@pytest.mark.parametrize("suits, status", [(2, UNSOLVABLE), (4, UNKNOWN)])
def test_unsolvable_proved_by_exhausting_the_space(suits, status):
    # twelve hearts without the ace: the table can never be cleared; with one card of each
    # value and the stock empty the 2-suit solver prunes nothing, so it may prove it; the 4-suit
    # one never splits a run into an empty column (pruning 4), so it cannot, and says unknown
    s = pos("KH 5H 9H 2H", "QH 8H 4H JH", "TH 3H 7H 6H", suits=suits)
    assert Spider.status(s) == "playing"
    r = solve(s, max_nodes=200_000)
    assert r.status == status
    assert 100 < r.nodes < 200_000


def test_exhausted_after_pruning_is_unknown_not_unsolvable():
    # 5H sits on its natural 6H: the solver never splits it off onto 6S (a heuristic cut), so
    # exhausting the rest proves nothing and the answer must be unknown, found fast
    s = pos("6H 5H", "6S")
    r = solve(s, max_nodes=100_000)
    assert r.status == UNKNOWN and r.nodes < 1000


@pytest.mark.parametrize("suits", [1, 4])
def test_solve_proves_a_small_lost_position_its_pruned_search_leaves_unknown(suits, tmp_path, capsys):
    """``solve``'s ``unknown`` means the budget ran out (docs/contract.md): where the pruned
    search tried all it keeps and ends unknown at once, every legal move is searched with the
    budget left. Three cards cannot fill ten columns, so no deal is ever legal and nothing
    completes: lost (it said ``unknown`` after 0.1 s of a 30 s budget); relaxed, it is won."""
    suit = "S" if suits == 1 else "D"
    s = pos(f"3{suit}", f"2{suit}", f"A{suit}", stock=" ".join(f"{r}{suit}" for r in "KQJT98765" + "4"),
            suits=suits, completed=7)
    assert Spider.solver(s, timeout=30).run().status == UNKNOWN       # the pruned search alone
    r = Spider.solve(s, timeout=30)
    assert r.status == UNSOLVABLE and r.seconds < 30
    f = tmp_path / "lost.txt"
    f.write_text(Spider.format_position(s))
    assert main(["solve", "spider", "--position", str(f), "--timeout", "30"]) == 1
    assert capsys.readouterr().out == "unsolvable\n"
    relaxed = Spider.solve(pos(f"3{suit}", f"2{suit}", f"A{suit}", stock=" ".join(f"{r}{suit}" for r in "KQJT987654"),
                               suits=suits, completed=7, extra="Relaxed: yes"), timeout=30)
    assert relaxed.status == SOLVED


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_solve_answers_at_once_when_the_cards_cannot_all_leave_as_runs(suits, tmp_path, capsys):
    """Cards leave only as K-A runs of one suit: a position whose cards of a suit do not hold
    every rank alike can never be won. One K-A run and three spare cards ran the whole budget
    and said ``unknown`` (QA: 10 s, 60 s); the count answers ``unsolvable`` without a search.
    Every dealt game holds whole runs; the run alone is won."""
    run = ["KS QS JS", "TS 9S", "8S 7S 6S", "5S", "4S 3S", "2S", "AS"]
    s = pos(*run, "5S", "9S", "JS", suits=suits)
    assert not Spider.whole_runs_left(s)
    r = Spider.solve(s, timeout=30)
    assert r.status == UNSOLVABLE and r.nodes == 0
    f = tmp_path / "spare.txt"
    f.write_text(Spider.format_position(s))
    assert main(["solve", "spider", "--position", str(f), "--timeout", "30"]) == 1
    assert capsys.readouterr().out == "unsolvable\n"
    assert Spider.whole_runs_left(pos(*run, suits=suits)) and Spider.solve(pos(*run, suits=suits), timeout=30).status == SOLVED
    for n in range(1, 40):
        assert Spider.whole_runs_left(Spider.deal(n, {"suits": str(suits)}))


def test_solve_keeps_unknown_when_the_budget_ran_out():
    s = Spider.deal(1, {"suits": "4"})
    r = Spider.solve(s, max_nodes=500)
    assert r.status == UNKNOWN and r.nodes == Spider.solver(s, max_nodes=500).run().nodes   # nothing more


def test_later_attempt_passes_over_the_best_candidate():
    # 4-suit deal 6, the limited discrepancy search (lane 0): the best-scored choice of deal point
    # leads nowhere (attempt 0, no discrepancy), a later attempt that takes a lower candidate
    # wins; the win replays
    import games.solvers.spider as sp

    s = Spider.deal(6, {"suits": "4"})
    search = sp.SpiderSearch(sp._Problem(s), lambda m: replays_to_win(Spider, s, m), max_nodes=80_000)
    r = search.run()
    assert r.status == SOLVED and search.attempt >= 1
    assert replays_to_win(Spider, s, r.moves)
    assert r.moves.count("d") == 5


def test_tiny_budget_is_unknown():
    r = solve(Spider.deal(1, {"suits": "2"}), max_nodes=50)
    assert r.status == UNKNOWN and r.moves == []


def test_one_suit_deal_solved_within_a_node_cap():
    s = Spider.deal(1, {"suits": "1"})
    r = solve(s, max_nodes=40_000)
    assert r.status == SOLVED
    assert r.moves.count("d") == 5


def test_two_suit_deal_solved_and_replayed():
    s = Spider.deal(2, {"suits": "2"})
    r = solve(s, max_nodes=40_000)
    assert r.status == SOLVED


@pytest.mark.parametrize("number,suits", [(3, "1"), (2, "2"), (6, "4")])
def test_slices_give_the_same_answer_as_one_run(number, suits):
    s = Spider.deal(number, {"suits": suits})
    whole = Spider.solver(s, max_nodes=80_000).run()
    sliced = Spider.solver(s, max_nodes=80_000)
    calls = 0
    r = None
    while r is None:
        r = sliced.step(97)
        calls += 1
    assert calls > 10
    assert (r.status, r.moves, r.nodes) == (whole.status, whole.moves, whole.nodes)
    assert sliced.step(5) is r  # finished: the same result again


def test_mid_game_rescue():
    from bench.solver_spider import mid_game

    s = mid_game(4, 25)
    assert not Spider.won(s)
    r = solve(s, max_nodes=60_000)
    assert r.status == SOLVED


def test_cli_solve_replays(capsys, tmp_path):
    code = main(["solve", "spider", "--number", "1", "--option", "suits=1", "--timeout", "20"])
    out = capsys.readouterr().out.split("\n")
    assert code == 0 and out[0] == "solved"
    code = main(["deal", "spider", "--number", "1", "--option", "suits=1"])
    f = tmp_path / "p.txt"
    f.write_text(capsys.readouterr().out)
    assert main(["play", "spider", "--position", str(f), "--moves", out[1]]) == 0
    assert "Status: won" in capsys.readouterr().out


def test_macro_moves_a_mixed_run_through_an_empty_column():
    # 4 suits: 8S 7H 6H is ordered but of two suits; with an empty column the solver moves it
    # onto 9H in one step (7H 6H parks, 8S goes, 7H 6H follows), and the single moves it
    # stands for replay by the rules to the same columns
    from games.solvers.spider import _Problem

    s = pos("9H", "8S 7H 6H", "5C")
    p = _Problem(s)
    macros = [(m, nxt) for m, nxt, _ in p.successors(p.root) if len(m) == 4]
    assert [m for m, _ in macros] == [(1, 0, 3, ((1, 3, 2), (1, 0, 1), (3, 0, 2)))]
    t = s
    for x, y, c in macros[0][0][3]:
        t = Spider.apply(t, Spider.parse_move(t, f"{x + 1}-{y + 1}" if t.columns[y] else f"{x + 1}-{y + 1}/{c}"))
    assert t.columns[0] == s.columns[0] + s.columns[1] and not t.columns[1]
    assert macros[0][1][0][0] == bytes(t.columns[0])


@pytest.mark.parametrize("suits, lengths", [(2, [1, 2, 3]), (4, [3])])
def test_a_same_suit_run_goes_into_an_empty_column_whole_with_four_suits(suits, lengths):
    # 8H 7H 6H on 9S, empty columns, no stock: with 2 suits the search may move the top 1, 2 or 3
    # cards of the run into the first empty column; with 4 suits only the whole run (pruning 4),
    # and the cut is counted, so an exhausted search could not answer unsolvable
    from games.solvers.spider import _Problem

    p = _Problem(pos("9S 8H 7H 6H", "KS", suits=suits))
    into_empty = [m[2] for m, _, _ in p.successors(p.root)
                  if len(m) == 3 and m[0] == 0 and not p.root[0][m[1]]]
    assert into_empty == lengths
    assert p.pruned == (suits == 4)


def test_macros_with_two_suits_and_none_without_empty_columns():
    from games.solvers.spider import _Problem

    # 2 suits: the same mixed run goes onto 9H through the empty column, as with 4 suits
    p = _Problem(pos("9H", "8S 7H 6H", "5S", suits=2))
    assert [m for m, _, _ in p.successors(p.root) if len(m) == 4] == [(1, 0, 3, ((1, 3, 2), (1, 0, 1), (3, 0, 2)))]
    p = _Problem(pos("9H", "8S 7H 6H", "5C", "4C", "3C", "2C", "AC", "KD", "QD", "JD"))
    assert not any(len(m) == 4 for m, _, _ in p.successors(p.root))


def test_a_solution_through_macros_replays():
    # 4-suit deal 1 is solved with macro moves generated on the way; the answer (single moves) replays
    search = Spider.solver(Spider.deal(1, {"suits": "4"}), max_nodes=150_000)
    r = search.run()
    assert r.status == SOLVED
    assert replays_to_win(Spider, Spider.deal(1, {"suits": "4"}), r.moves)
    assert any(len(m) == 4 for _, m, _, _ in search._nodes[1:])


def random_walk(p, rnd, steps):
    """``(state, depth, successors)`` along a random walk of ``steps`` moves from ``p``'s root
    (a deal taken as the state after it), ending early where no move is left."""
    st = p.root
    for depth in range(steps):
        out = p.successors(st, depth)
        if not out:
            return
        yield st, depth, out
        _, nxt, _ = rnd.choice(out)
        st = nxt if nxt is not None else p.deal_state(st)


@pytest.mark.parametrize("suits", ["1", "2", "4"])
def test_deal_priority_without_making_the_deal_equals_the_full_priority(suits):
    # the deal's candidate is scored from the columns' cached facts and made only when opened;
    # on random walks its score equals the full priority of the state after the deal
    import random

    from games.solvers.spider import _Problem

    rnd = random.Random(int(suits))
    deals = 0
    for number in range(1, 6):
        p = _Problem(Spider.deal(number, {"suits": suits}))
        for st, depth, out in random_walk(p, rnd, 150):
            for move, nxt, pr in out:
                if nxt is None:
                    deals += 1
                    assert pr == p.priority(p.deal_state(st), depth)
                else:
                    assert pr == p.priority(nxt, depth)
    assert deals > 20


def test_a_move_is_priced_from_the_columns_facts_as_the_full_priority_of_every_kind():
    # successors price a move from the parent's priority and the source column's cached facts
    # (info: the column left by each part of its top run, and what moving the whole run changes),
    # without looking the new columns up; on long random walks every kind of move (part or whole
    # run, onto a card or into an empty column, completing a run, with the stock dealt out or not)
    # gets the full priority of the state it makes
    import random

    from games.solvers.spider import _Problem

    kinds = set()
    for suits in ("1", "2", "4"):
        rnd = random.Random(20 + int(suits))
        for number in range(1, 13):
            p = _Problem(Spider.deal(number, {"suits": suits}))
            for st, depth, out in random_walk(p, rnd, 400):
                cols = st[0]
                for move, nxt, pr in out:
                    if nxt is None or move[0] < 0 or len(move) == 4:
                        continue
                    assert pr == p.priority(nxt, depth), move
                    a, b, n = move
                    kinds.add(("part" if n < p.info(cols[a])[0] else "whole", "card" if cols[b] else "empty",
                               sum(map(len, nxt[0])) < sum(map(len, cols)), nxt[1] == p.n_deals))
    for size in ("part", "whole"):
        for last in (False, True):
            assert (size, "card", True, last) in kinds  # a run completed and left
            for to in ("card", "empty"):
                assert (size, to, False, last) in kinds


def test_a_columns_facts_give_what_each_part_of_its_top_run_leaves():
    # info(col): parts[n - 1] is the column left by the top n cards of its same-suit run (its new
    # end face up) and those cards; ``whole`` is the priority's change for moving the whole run
    # away, less the cards' own cost: cost(rest) - cost + card weight x run length
    import random

    from games.solvers.spider import DOWN, _Problem

    p = _Problem(Spider.deal(1, {"suits": "4"}))
    rnd = random.Random(5)
    seen_flip = seen_break = 0
    for _ in range(3000):
        down = rnd.randrange(0, 5)
        n = down + rnd.randrange(1, 9)
        col = [16 * rnd.randrange(4) + rnd.randrange(1, 14) for _ in range(n)]
        if rnd.random() < 0.5:  # a same-suit run at the top
            top = rnd.randrange(1, 6)
            suit = 16 * rnd.randrange(4)
            col += [suit + r for r in range(top + rnd.randrange(1, 5), top - 1, -1) if 1 <= r <= 13]
        c = bytes(x + DOWN if i < down else x for i, x in enumerate(col))
        k, cost, work, rank, parts, whole = p.info(c)[:6]
        assert len(parts) == k and rank == c[-1] & 15
        for m, (rest, run) in enumerate(parts, 1):
            assert run == c[-m:]
            if rest:
                assert rest[:-1] == c[:len(c) - m - 1] and rest[-1] == c[-m - 1] % DOWN
                if m < k:  # the run's part leaves: its cards' cost, no break, no card turned up
                    assert p.info(rest)[1] == cost - p.iweights[4] * m
        rest = parts[-1][0]
        assert whole == (p.info(rest)[1] if rest else 0) - cost + p.iweights[4] * k
        if rest and c[-k - 1] >= DOWN:
            seen_flip += 1
        elif rest:
            seen_break += 1
    assert seen_flip > 100 and seen_break > 100


@pytest.mark.parametrize("suits", ["1", "2", "4"])
def test_successors_given_the_visited_set_leave_out_exactly_the_visited_states(suits):
    # with ``seen`` the list is the one without it less the states whose key is in the set (the
    # first of two equal ones kept), in the same order, and the kept keys join the set
    import random

    from games.solvers.spider import _Problem

    rnd = random.Random(10 + int(suits))
    left_out = 0
    for number in range(1, 5):
        p = _Problem(Spider.deal(number, {"suits": suits}))
        st, seen = p.root, {p.key(p.root)}
        for depth in range(120):
            full = p.successors(st, depth)
            if not full:
                break
            expect, keys = [], set(seen)
            for move, nxt, pr in full:
                if nxt is not None:
                    if p.key(nxt) in keys:
                        continue
                    keys.add(p.key(nxt))
                expect.append((move, nxt, pr))
            before = set(seen)
            got = p.successors(st, depth, seen)
            assert got == expect
            assert seen == keys and seen >= before
            left_out += len(full) - len(got)
            # walk on, sometimes back to a state seen before (so some successors are visited ones)
            _, nxt, _ = rnd.choice(full)
            st = nxt if nxt is not None else p.deal_state(st)
    assert left_out > 50


@pytest.mark.parametrize("suits", ["1", "2", "4"])
def test_the_successors_shorter_road_gives_the_list_every_case_gives(suits):
    # with no empty column, pruning counted and no buried run, successors takes a shorter road
    # (one list of the columns by top rank and card, cost and work summed as one number): on
    # random walks its list, its visited set and the work it leaves equal _successors_all's,
    # with and without a visited set
    import random

    from games.solvers.spider import _Problem

    rnd = random.Random(30 + int(suits))
    short = 0
    for number in range(1, 7):
        p = _Problem(Spider.deal(number, {"suits": suits}))
        p.pruned = True
        seen = {p.key(p.root)}
        for st, depth, out in random_walk(p, rnd, 300):
            if all(st[0]):
                short += 1
            seen_all = set(seen)
            expect = p._successors_all(st, depth, seen_all)
            work = p.last_work
            assert p.successors(st, depth, seen) == expect and seen == seen_all
            assert p.last_work == work == p.work(st)
            assert p.successors(st, depth) == p._successors_all(st, depth)
    assert short > 100


def test_the_beam_reads_its_clock_once_in_clock_every_expansions():
    # a read of the clock is dear in Pyodide (the Node process's CPU time: 11 µs, a third of an
    # expansion), so a search under a timeout reads it once in CLOCK_EVERY expansions; the budget
    # is still kept, overrun by fewer than CLOCK_EVERY expansions
    import games.solvers.spider as sp

    reads = []

    def clock():  # one tick a read: the search's reads are counted
        reads.append(1)
        return float(len(reads))

    s = Spider.deal(6, {"suits": "4"})
    search = Spider.solver(s, timeout=40.0, clock=clock)
    r = search.run()
    assert r.status == UNKNOWN
    assert search.expansions >= 30 * sp.CLOCK_EVERY  # ~40 reads, one a CLOCK_EVERY expansions
    assert len(reads) <= search.expansions // sp.CLOCK_EVERY + 4
    assert search.expansions < (len(reads) + 1) * sp.CLOCK_EVERY


@pytest.mark.parametrize("kind", ["SpiderSearch", "SpiderBeam"])
def test_attempts_keep_the_stages_searched_before(kind):
    # attempt (pass) L+1 starts from the stages attempt L left (no work done twice): with the
    # stages kept the same win takes fewer nodes than with every attempt starting afresh
    import games.solvers.spider as sp

    s = Spider.deal(6, {"suits": "4"})
    verify = lambda m: replays_to_win(Spider, s, m)  # noqa: E731
    kept = getattr(sp, kind)(sp._Problem(s), verify, max_nodes=200_000)
    r1 = kept.run()
    old = sp.KEEP
    sp.KEEP = 0
    try:
        fresh = getattr(sp, kind)(sp._Problem(s), verify, max_nodes=200_000)
        r2 = fresh.run()
    finally:
        sp.KEEP = old
    assert r1.status == r2.status == SOLVED and kept.attempt >= 1
    assert r1.nodes < r2.nodes


def _rescue_position(n):
    from bench.solvers import positions

    return positions("spider", {"suits": "2"}, 25, n)[n - 1]


def test_two_suits_search_with_a_second_lane_when_the_first_needs_discrepancies():
    # bench/solvers.py's rescue position 19 (2 suits): lane 0 alone needs 6 discrepancies and
    # ~155k positions; the portfolio starts lane 1 (off-suit breaks weighted 1) after lane 0's
    # attempt 2 and wins through it in far fewer; the win replays
    import games.solvers.spider as sp

    s = _rescue_position(19)
    search = Spider.solver(s, max_nodes=60_000)
    assert isinstance(search, sp.SpiderPortfolio)
    r = search.run()
    assert r.status == SOLVED and search.started == 2
    assert replays_to_win(Spider, s, r.moves)
    alone = sp.SpiderSearch(sp._Problem(s, 0), lambda m: replays_to_win(Spider, s, m), max_nodes=60_000)
    assert alone.run().status == UNKNOWN


def test_portfolio_slices_give_the_same_answer_as_one_run():
    # the lanes take turns at fixed node counts of their own, so slices change nothing
    s = _rescue_position(19)
    whole = Spider.solver(s, max_nodes=60_000).run()
    sliced = Spider.solver(s, max_nodes=60_000)
    r = None
    while r is None:
        r = sliced.step(397)
    assert (r.status, r.moves, r.nodes) == (whole.status, whole.moves, whole.nodes)
    assert sliced.started == 2


def test_portfolio_answers_unsolvable_only_from_an_exhausted_uncut_lane():
    # 2 suits: twelve hearts without the ace (nothing pruned) are proved lost; a cut space
    # (5H on its natural 6H is never split off) is unknown once both lanes ran dry
    s = pos("KH 5H 9H 2H", "QH 8H 4H JH", "TH 3H 7H 6H", suits=2)
    assert Spider.solver(s, max_nodes=200_000).run().status == UNSOLVABLE
    search = Spider.solver(pos("6H 5H", "6S", suits=2), max_nodes=100_000)
    r = search.run()
    assert r.status == UNKNOWN and 0 < r.nodes < 2000 and search.started == 2 and not search.lanes


def test_portfolio_node_budget():
    r = Spider.solver(_rescue_position(9), max_nodes=20_000).run()
    assert r.status == UNKNOWN and 20_000 <= r.nodes < 21_000


def test_first_stage_share_wins_a_frozen_table():
    # bench/solvers.py's rescue position 9 (2 suits): no move but the deal, then stage 1 needs
    # about 5500 expansions to pass a plateau of its priority; with +150 per failed line it never
    # got them (unknown at 60 s); with the first stage's share lane 0 wins in ~30 500 positions
    import games.solvers.spider as sp

    s = _rescue_position(9)
    verify = lambda m: replays_to_win(Spider, s, m)  # noqa: E731
    shared = sp.SpiderSearch(sp._Problem(s, 0), verify, max_nodes=40_000, first_share=True)
    r = shared.run()
    assert r.status == SOLVED and shared.shares > 0
    assert replays_to_win(Spider, s, r.moves)
    plain = sp.SpiderSearch(sp._Problem(s, 0), verify, max_nodes=40_000)
    assert plain.run().status == UNKNOWN and plain.shares == 0
    assert Spider.solver(s, max_nodes=40_000).run().status == SOLVED  # the 2-suit portfolio


@pytest.mark.parametrize("cols, stock, completed, status", [
    (("9H 5H", "(8H) 4H", "(7S) 3H 2H"), "6H AS", 6, UNKNOWN),  # no K: lost; cut (empty columns)
    (("KH 5H 9H", "(QH) (8H) 4H JH", "TH 3H 7H", "6H 2H"), "AH", 7, SOLVED),
])
def test_first_stage_share_changes_the_order_not_the_answer(monkeypatch, cols, stock, completed, status):
    # quotas only order the work: with tiny quotas (lines give up all the time, so the share
    # fires) a search run to its end answers the same with and without it, and an exhausted
    # space is the same space (same positions)
    import games.solvers.spider as sp

    monkeypatch.setattr(sp, "QUOTA", 5)
    monkeypatch.setattr(sp, "QUOTA_LAST", 10)
    monkeypatch.setattr(sp, "QUOTA_MORE", 2)
    s = pos(*cols, stock=stock, completed=completed, suits=2, extra="Relaxed: yes")
    verify = lambda m: replays_to_win(Spider, s, m)  # noqa: E731
    out = []
    for share in (False, True):
        search = sp.SpiderSearch(sp._Problem(s, 0), verify, max_nodes=100_000, first_share=share)
        r = search.run()
        assert r.status == status and search.nodes < 100_000
        assert (search.shares > 0) == share
        out.append(r)
    if status == SOLVED:
        assert all(replays_to_win(Spider, s, r.moves) for r in out)


def test_an_attempt_that_cannot_progress_ends_the_search():
    # tiny quotas: the stages above are exhausted and the last stages are past their quota with
    # nothing below them to fail back into, so every later attempt would repeat the last one
    # without expanding anything (it looped for ever, budgets unchecked); it must end, unknown
    import games.solvers.spider as sp

    sp_quotas = (sp.QUOTA, sp.QUOTA_LAST, sp.QUOTA_MORE)
    try:
        sp.QUOTA, sp.QUOTA_LAST, sp.QUOTA_MORE = 5, 10, 2
        s = pos("9H 5H", "(8H) 4H", "(7S) 3H 2H", stock="6H AS", completed=6, suits=2, extra="Relaxed: yes")
        search = sp.SpiderSearch(sp._Problem(s, 0), lambda m: False)
        r = search.step(1 << 30)  # no budget at all: only the search's own end stops it
        assert r is not None and r.status == UNKNOWN and search.gave_up and not search.blocked
    finally:
        sp.QUOTA, sp.QUOTA_LAST, sp.QUOTA_MORE = sp_quotas


@pytest.mark.parametrize("suits, second", [(1, "S"), (2, "H"), (4, "H")])
def test_a_complete_run_under_another_card_leaves_once_uncovered(suits, second):
    # play never buries a complete K…A run (it leaves as it forms), but a position may (QA 4):
    # moving 2 and A away uncovers it, it leaves, and the rest completes; the line must replay
    spades = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"
    s = pos(f"(K{second}) {spades} 2{second}", run(second, 12, 3), f"A{second}", completed=6, suits=suits)
    for kw in ({"max_nodes": 20_000}, {"timeout": 5}):
        r = solve(s, **kw)
        assert r.status == SOLVED and replays_to_win(Spider, s, r.moves), r.moves


def test_a_solution_that_fails_its_replay_is_unknown_not_a_crash(capsys):
    # the search core's guard: a solver's failed self-check ends the search "unknown" (never a
    # wrong answer, never an exception in the app or the command line) and says so on stderr
    from games.solvers.search import Search
    s = Search(0, lambda n: [("+1", n + 1)] if n < 3 else [], lambda n: n == 3,
               lambda n, m: m, verify=lambda start, moves: False)
    r = s.run()
    assert r.status == UNKNOWN
    assert "does not replay" in capsys.readouterr().err


@pytest.mark.parametrize("suits,k", [("4", 1), ("4", 9), ("2", 1)])
def test_a_search_cut_short_offers_a_line_that_turns_cards_up_or_completes_runs(suits, k):
    # 4-suit bench positions unknown at 2 s, and a 2-suit one (the portfolio): cut at 20 000
    # positions, the search has a line to a position with less work left (2 x face-down cards +
    # cards left), every move legal
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    from solvers import positions
    s = positions("spider", {"suits": suits}, 25, k)[-1]
    search = Spider.solver(s, max_nodes=20_000)
    r = search.run()
    assert r.status == UNKNOWN
    line = search.progress_line()
    assert line
    t = s
    for text in line:
        t = Spider.apply(t, Spider.parse_move(t, text))

    def work(x):
        return 2 * sum(x.down) + sum(len(c) for c in x.columns) + len(x.stock)
    assert work(t) < work(s)


def test_no_progress_line_at_the_start_of_a_search():
    s = Spider.deal(1, {"suits": "4"})
    assert Spider.solver(s, max_nodes=10).progress_line() is None


def _four_suit_position(n):
    from bench.solvers import positions

    return positions("spider", {"suits": "4"}, 25, n)[n - 1]


def test_four_suits_search_a_beam_over_the_deal_points():
    # bench/solvers.py's rescue position 17 (4 suits): the limited discrepancy search is still
    # unknown after 100 000 positions (and took 21 CPU s, 1.47 M positions, to win it); the beam,
    # which compares the candidates of a whole level, wins it in ~69 000; the win replays
    import games.solvers.spider as sp

    s = _four_suit_position(17)
    search = Spider.solver(s, max_nodes=80_000)
    assert isinstance(search, sp.SpiderBeam)
    r = search.run()
    assert r.status == SOLVED and search.width > 1
    assert replays_to_win(Spider, s, r.moves)
    lds = sp.SpiderSearch(sp._Problem(s), lambda m: replays_to_win(Spider, s, m), max_nodes=80_000)
    assert lds.run().status == UNKNOWN


def test_beam_counts_depth_from_the_last_deal():
    # the depth term of a level's candidates counts the moves since the deal that began their
    # stage: every position a level searches from starts at depth 0, so a candidate is not charged
    # for the moves its line made in the stages before. Held-out rescue position 46 (4 suits):
    # won within 50 000 positions (about 36 000); with the depth counted from the search's start,
    # about 183 000
    import games.solvers.spider as sp

    s = _four_suit_position(46)
    search = sp.SpiderBeam(sp._Problem(s), lambda m: replays_to_win(Spider, s, m), max_nodes=50_000)
    search.trace = []
    r = search.run()
    assert r.status == SOLVED and replays_to_win(Spider, s, r.moves)
    levels = [j for entry in search.trace for j in entry[2]]
    assert len(set(levels)) > 10 and all(search._nodes[j][3] == 0 for j in levels)


def test_beam_slices_give_the_same_answer_as_one_run():
    # rescue position 6 (4 suits) takes the beam through several passes of growing width
    s = _four_suit_position(6)
    search = Spider.solver(s, max_nodes=40_000)
    whole = search.run()
    assert whole.status == SOLVED and search.passes > 3
    sliced = Spider.solver(s, max_nodes=40_000)
    r = None
    while r is None:
        r = sliced.step(397)
    assert (r.status, r.moves, r.nodes) == (whole.status, whole.moves, whole.nodes)


def test_beam_proves_a_loss_only_after_a_pass_that_left_nothing_out():
    # twelve hearts without the ace, 2 suits (nothing pruned): the beam proves it lost after the
    # very positions the discrepancy search exhausts; a pass whose stage search is cut by its
    # quota proves nothing, so the quotas double until one pass leaves nothing out (with tiny
    # quotas, more doublings: the same answer, the same positions)
    import games.solvers.spider as sp

    s = pos("KH 5H 9H 2H", "QH 8H 4H JH", "TH 3H 7H 6H", suits=2)
    verify = lambda m: replays_to_win(Spider, s, m)  # noqa: E731
    lds = sp.SpiderSearch(sp._Problem(s), verify, max_nodes=200_000)
    assert lds.run().status == UNSOLVABLE and lds.nodes > 100
    scales = []
    for quotas in ((sp.QUOTA, sp.QUOTA_LAST), (5, 10)):
        beam = sp.SpiderBeam(sp._Problem(s), verify, max_nodes=200_000, beam=sp.BeamSet(*quotas, sp.BEAM_GROW))
        r = beam.run()
        assert r.status == UNSOLVABLE and r.nodes == lds.nodes
        scales.append(beam.quota_scale)
    assert scales[1] > scales[0]
    # 4 suits: a same-suit run never goes split into an empty column (pruning 4): unknown
    s4 = pos("KH 5H 9H 2H", "QH 8H 4H JH", "TH 3H 7H 6H", suits=4)
    assert Spider.solver(s4, max_nodes=200_000).run().status == UNKNOWN


def test_beam_proves_a_loss_over_several_deals():
    # no two ranks one apart anywhere, on the table or in the stock: the deals are the only
    # moves, and after the last one nothing moves; every level has one position, nothing is cut
    # or pruned, so the pass that ends proves it lost
    cols = ["KH", "JH", "9H", "7H", "5H", "3H", "KS", "JS", "9S", "7S"]
    s = pos(*cols, stock="KD JD 9D 7D 5D 3D KC JC 9C 7C " + " ".join(cols))
    search = Spider.solver(s, max_nodes=1000)
    assert search.run().status == UNSOLVABLE and search.passes == 1 and search.nodes == 2


def test_a_ctrl_c_during_the_beam_is_never_swallowed(monkeypatch):
    # Python swallows an exception raised while an unfinished generator is closed by its finalizer
    # ("Exception ignored"); the beam's levels once broke out of heapq.merge's generator, so a
    # Ctrl+C arriving as it closed would be lost and the command search on. Simulated: a merge
    # whose close raises KeyboardInterrupt; nothing may be swallowed
    import heapq
    import sys

    real = heapq.merge

    def merge(*runs):
        try:
            yield from real(*runs)
        except GeneratorExit:
            raise KeyboardInterrupt from None

    monkeypatch.setattr(heapq, "merge", merge)
    swallowed = []
    monkeypatch.setattr(sys, "unraisablehook", swallowed.append)
    search = Spider.solver(Spider.deal(1, {"suits": "4"}), max_nodes=20_000)
    search.run()
    assert search.passes > 1 and not swallowed
