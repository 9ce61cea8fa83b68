"""A line never goes round back to a place it had been at (docs/assist.md, "Hint"): the solver's
line as ``solve`` prints it and as the hint shows it has such rounds cut out
(:meth:`games.core.Rules.without_loops`, :class:`games.solvers.search.LoopFree`)."""
import random
import subprocess
import sys

from hypothesis import given, settings, strategies as st

from games.freecell import FreeCell
from games.klondike import Klondike
from games.registry import find_game
from games.solvers.search import SOLVED
from games.spider import Spider

# FreeCell deal 5 after moves the hint itself gave: the solver's line from here begins by taking
# the card just parked in free cell a back to column 1 and parking it again (``a1 1a``)
FC5_MOVES = "2h 1a 53 1b 13 a1 18 b1 1a"


# Spider 1 suit, deal 1 after 108 hinted moves: 3-9/1 and 9-3 go back and forth
SPIDER_108 = """Game: spider
Suits: 1
Completed: 6
Stock: (3S) (5S) (3S) (JS) (KS) (4S) (6S) (5S) (JS) (TS)
: QS
: 4S
: 9S 8S 7S
: 2S AS TS
: 9S 8S 7S
: KS QS
: 2S AS
: 6S
:
:
Score: 992
Moves: 108
"""


def _fc5():
    s = FreeCell.deal(5, {})
    for t in FC5_MOVES.split():
        s = FreeCell.apply(s, FreeCell.parse_move(s, t))
    return s


def _places(rules, state, line):
    out = [rules.place(state)]
    for t in line:
        state = rules.apply(state, rules.parse_move(state, t))
        out.append(rules.place(state))
    return out, state


def test_the_hint_and_solve_never_park_a_card_only_to_take_it_back():
    s = _fc5()
    raw = FreeCell.solver(s, max_nodes=FreeCell.HINT_NODES).run()
    assert raw.status == SOLVED and raw.moves[:2] == ["a1", "1a"]    # the round the solver makes
    search = FreeCell.hint_search(s)
    r = search.run()
    assert r.status == SOLVED and r.moves == raw.moves[2:]
    places, end = _places(FreeCell, s, r.moves)
    assert len(set(places)) == len(places) and FreeCell.status(end) == "won"
    text = FreeCell.format_position(s)
    out = subprocess.run([sys.executable, "-m", "games", "solve", "freecell", "--position", "-"], input=text,
                         capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == "solved" and out[1].split() == r.moves
    out = subprocess.run([sys.executable, "-m", "games", "hint", "freecell", "--position", "-"], input=text,
                         capture_output=True, text=True, check=True).stdout.split()
    assert out == ["1b", "winning"]


def test_the_cut_goes_in_the_searchs_slices_with_the_same_answer():
    """A step of n nodes replays at most n moves of the line: a hint's frame never pays for a
    whole line's replay, and the answer is the one :meth:`without_loops` gives."""
    s = _fc5()
    raw = FreeCell.solver(s, max_nodes=FreeCell.HINT_NODES).run()
    search = FreeCell.hint_search(s)
    steps = 0
    while (r := search.step(1)) is None:
        steps += 1
    assert r.moves == FreeCell.without_loops(s, raw.moves)
    assert steps >= len(raw.moves)     # the replay went a move a step


def test_rounds_with_other_counters_are_cut_and_the_line_still_wins():
    """Klondike: a card taken off a foundation and put back (the score −15 then +10) is one
    place; Spider: a run moved and moved back (−1 a move)."""
    k = Klondike.deal(5, Klondike.check_options({"draw": "1"}))
    line = Klondike.solve(k, max_nodes=200_000).moves
    s = k
    for i, t in enumerate(line):      # the first card sent home, then taken back and sent again
        s2 = Klondike.apply(s, Klondike.parse_move(s, t))
        back = [m for m in Klondike.legal_moves(s2) if m.src >= 8 and Klondike.format_move(s2, m).startswith("h")]
        if t.endswith("h") and back:
            b = Klondike.format_move(s2, back[0])
            s3 = Klondike.apply(s2, back[0])
            again = next(Klondike.format_move(s3, m) for m in Klondike.legal_moves(s3)
                         if Klondike.place(Klondike.apply(s3, m)) == Klondike.place(s2))
            padded = line[:i + 1] + [b, again] + line[i + 1:]
            assert Klondike.without_loops(k, padded) == line
            break
        s = s2
    else:
        raise AssertionError("no card went home in the line")
    sp = Spider.parse_position(SPIDER_108, {})
    there = Spider.apply(sp, Spider.parse_move(sp, "3-9/1"))
    assert Spider.place(Spider.apply(there, Spider.parse_move(there, "9-3"))) == Spider.place(sp)
    assert Spider.without_loops(sp, ["3-9/1", "9-3", "5-10"]) == ["5-10"]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["freecell", "klondike", "spider"]), st.integers(1, 10_000), st.integers(0, 2**31))
def test_a_cut_line_replays_to_the_same_place_and_never_comes_back(game, number, seed):
    """Random legal play (rounds come often: moves back and forth): the cut line is legal, never
    longer, reaches the same place and passes no place twice."""
    rules = find_game(game)
    start = rules.deal(number, rules.check_options({}))
    rnd = random.Random(seed)
    line, s = [], start
    for _ in range(60):
        moves = rules.legal_moves(s)
        if not moves:
            break
        m = rnd.choice(moves)
        line.append(rules.format_move(s, m))
        s = rules.apply(s, m)
    cut = rules.without_loops(start, line)
    assert len(cut) <= len(line)
    places, end = _places(rules, start, cut)
    assert len(set(places)) == len(places)
    assert rules.place(end) == rules.place(s)
