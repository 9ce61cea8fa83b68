"""The command line across all six games (docs/contract.md): round trips and bad input."""
import subprocess
import sys

import pytest

GAMES = ["tripeaks", "pyramid", "devils-grip", "spider", "klondike", "freecell"]


def cli(*args, stdin=None):
    p = subprocess.run([sys.executable, "-m", "games", *args], capture_output=True, input=stdin,
                       text=not isinstance(stdin, bytes))
    out, err = (p.stdout, p.stderr) if isinstance(p.stdout, str) else (p.stdout.decode(), p.stderr.decode())
    return p.returncode, out, err


def body(text):
    return [l for l in text.splitlines() if not l.startswith(("#", "Score:", "Moves:", "Status:"))]


@pytest.mark.parametrize("game", GAMES)
def test_play_output_reads_back_as_a_position(game):
    rc, deal, err = cli("deal", game, "--number", "3")
    assert rc == 0, err
    rc, moves, err = cli("moves", game, "--position", "-", stdin=deal)
    first = moves.split()[0]
    rc, after, err = cli("play", game, "--position", "-", "--moves", first, stdin=deal)
    assert rc == 0, err
    assert "Moves: 1\n" in after
    # the whole output of play, trailer included, is a position: same moves, counter goes on
    rc, again, err = cli("moves", game, "--position", "-", stdin=after)
    assert rc == 0, err
    rc, same, _ = cli("moves", game, "--position", "-", stdin="\n".join(body(after)) + "\n")
    assert same == again
    nxt = again.split()[0]
    rc, later, err = cli("play", game, "--position", "-", "--moves", nxt, stdin=after)
    assert rc == 0, err
    assert "Moves: 2\n" in later  # the counter goes on, it never goes down
    rc, back, err = cli("play", game, "--position", "-", "--moves", f"{nxt} u", stdin=after)
    assert body(back) == body(after)


@pytest.mark.parametrize("game", GAMES)
def test_byte_order_mark_is_ignored(game):
    rc, deal, _ = cli("deal", game, "--number", "2")
    rc1, m1, _ = cli("moves", game, "--position", "-", stdin=deal)
    rc2, m2, err = cli("moves", game, "--position", "-", stdin="\ufeff" + deal)
    assert rc1 == rc2 == 0 and m1 == m2, err


@pytest.mark.parametrize("game", ["tripeaks", "pyramid", "devils-grip"])
def test_stray_column_lines_are_refused(game):
    rc, deal, _ = cli("deal", game, "--number", "2")
    rc, out, err = cli("moves", game, "--position", "-", stdin=deal + ": AH\n")
    assert rc == 2 and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("game", GAMES)
def test_binary_junk_is_one_clean_line(game):
    rc, out, err = cli("moves", game, "--position", "-", stdin=b"\xff\xfe\x00junk\x80\n")
    assert rc == 2 and len(err.strip().splitlines()) == 1 and "\\udc" not in err


@pytest.mark.parametrize("args", [
    ["deal", "tripeaks", "--number", "\uff17"],
    ["deal", "tripeaks", "--option", "mode=easy", "--option", "mode=classic"],
    ["solve", "tripeaks", "--number", "1", "--timeout", "nan"],
    ["solve", "tripeaks", "--number", "1", "--timeout", "-5"],
    ["solve", "tripeaks", "--number", "1", "--timeout", "0"],
    ["solve", "tripeaks", "--number", "1", "--timeout", "1_0"],
    ["solve", "tripeaks", "--number", "1", "--timeout", "1e3"],
    ["solve", "tripeaks", "--number", "1", "--timeout", "+5"],
    ["solve", "tripeaks", "--number", "1", "--timeout", "."],
    ["solve", "tripeaks", "--number", "1", "--timeout", "1.2.3"],
    ["solve", "tripeaks", "--number", "1", "--timeout", " 2"],
    ["solve", "tripeaks", "--number", "1", "--timeout", "2\n"],
    ["winnability", "tripeaks", "--deals", "1-2", "--jobs", " 1"],
    ["solve", "tripeaks", "--number", "1", "--code", "TP1-E-AAAAAAB"],
    ["winnability", "tripeaks", "--deals", "1-2", "--timeout", "inf"],
    ["winnability", "tripeaks", "--deals", "1-"],
    ["winnability", "tripeaks", "--deals", "3-2"],
])
def test_bad_arguments_exit_2_with_one_line(args):
    rc, out, err = cli(*args)
    assert rc == 2 and len(err.strip().splitlines()) == 1


def test_solve_by_code_matches_solve_by_number():
    by_code = cli("solve", "tripeaks", "--code", "TP1-C-AAAAAAD")
    by_number = cli("solve", "tripeaks", "--number", "3", "--option", "mode=classic")
    assert by_code[:2] == by_number[:2] and by_code[0] in (0, 1, 3)


def test_pyramid_three_passes_travel_with_the_position():
    rc, deal, _ = cli("deal", "pyramid", "--code", "PY1-L01P3-AAAAAAB")
    assert rc == 0 and "Passes: 3" in deal
    rc, plain, _ = cli("deal", "pyramid", "--number", "1")
    assert "Passes:" not in plain
    # the position's 3 passes hold with no --option or an agreeing one: no fourth pass
    moves = " ".join(["s"] * (24 * 3 + 3))
    for extra in ((), ("--option", "passes=3")):
        rc, out, err = cli("play", "pyramid", "--position", "-", "--moves", moves, *extra, stdin=deal)
        assert rc == 2 and "illegal" in err
    # an --option that contradicts the position is refused, not silently overruled
    rc, out, err = cli("play", "pyramid", "--position", "-", "--moves", moves, "--option", "passes=unlimited",
                       stdin=deal)
    assert rc == 2 and "conflicts with the position's 'Passes: 3'" in err


@pytest.mark.parametrize("game, carried, agree, differ", [
    ("klondike", "Draw", "draw=1", "draw=3"),
    ("spider", "Suits", "suits=1", "suits=4"),
    ("tripeaks", "Mode", "mode=easy", "mode=classic"),
    ("pyramid", "Layout", "layout=1", "layout=7"),
])
def test_an_option_the_position_contradicts_is_refused(game, carried, agree, differ):
    # docs/contract.md: --option is for what a position does not carry; a contradiction is an error
    rc, deal, err = cli("deal", game, "--number", "5", "--option", agree)
    assert rc == 0, err and f"{carried}:" in deal
    rc, same, err = cli("moves", game, "--position", "-", "--option", agree, stdin=deal)
    assert rc == 0, err
    for cmd in (("moves",), ("play", "--moves", same.split()[0]), ("solve", "--timeout", "1")):
        rc, out, err = cli(cmd[0], game, "--position", "-", *cmd[1:], "--option", differ, stdin=deal)
        assert rc == 2 and out == "", (cmd, out)
        assert "conflicts with the position's" in err and carried in err and len(err.strip().splitlines()) == 1


def test_an_option_is_compared_as_the_rules_read_it():
    # QA 4: layout=07 is layout 7 for `deal`, so it agrees with the position's 'Layout: 7'
    rc, deal, err = cli("deal", "pyramid", "--number", "2", "--option", "layout=7")
    assert rc == 0, err
    rc, out, err = cli("moves", "pyramid", "--position", "-", "--option", "layout=07", stdin=deal)
    assert rc == 0 and out, err
    rc, out, err = cli("moves", "pyramid", "--position", "-", "--option", "layout=8", stdin=deal)
    assert rc == 2 and "conflicts" in err


def test_play_keeps_the_relaxed_rule_of_a_spider_position():
    # QA 4: the position play prints, read back, must keep 'Relaxed: yes' (else a deal with an
    # empty column is refused on the next play)
    rc, deal, err = cli("deal", "spider", "--number", "4", "--option", "relaxed=yes")
    rc, moves, err = cli("moves", "spider", "--position", "-", "--option", "relaxed=yes", stdin=deal)
    rc, after, err = cli("play", "spider", "--position", "-", "--option", "relaxed=yes",
                         "--moves", moves.split()[0], stdin=deal)
    assert rc == 0 and after.splitlines().count("Relaxed: yes") == 1, err
    rc, next_moves, err = cli("moves", "spider", "--position", "-", stdin=after)
    rc, again, err = cli("play", "spider", "--position", "-", "--moves", next_moves.split()[0], stdin=after)
    assert rc == 0 and again.splitlines().count("Relaxed: yes") == 1, err
    rc, plain_deal, err = cli("deal", "spider", "--number", "4")
    rc, plain, err = cli("play", "spider", "--position", "-", "--moves", moves.split()[0], stdin=plain_deal)
    assert rc == 0 and "Relaxed:" not in plain_deal + plain, err


def test_a_spider_position_carries_the_relaxed_rule_from_deal_to_solve_and_play():
    """A deal made with ``--option relaxed=yes`` prints ``Relaxed: yes``, so the position read back
    by ``moves``, ``play`` and ``solve`` keeps the rule without the option, and ``solve``'s line for
    the deal replays on it (1-suit deal 1 deals with a column empty at its move 108: refused
    under the traditional rule)."""
    opts = ("--option", "suits=1", "--option", "relaxed=yes")
    rc, deal, err = cli("deal", "spider", "--number", "1", *opts)
    assert rc == 0 and deal.splitlines()[1:4] == ["Game: spider", "Suits: 1", "Relaxed: yes"], deal
    rc, out, err = cli("solve", "spider", "--number", "1", "--timeout", "60", *opts)
    assert rc == 0, out + err
    line = out.splitlines()[1]
    rc, after, err = cli("play", "spider", "--position", "-", "--moves", line, stdin=deal)
    assert rc == 0 and after.rstrip().endswith("Status: won"), err
    rc, with_opt, err = cli("moves", "spider", "--position", "-", *opts, stdin=deal)
    rc2, without, err2 = cli("moves", "spider", "--position", "-", stdin=deal)
    assert rc == rc2 == 0 and with_opt == without, err + err2
    rc, out, err = cli("solve", "spider", "--position", "-", "--timeout", "60", stdin=deal)
    assert rc == 0 and out.startswith("solved\n"), out + err
    rc, out, err = cli("moves", "spider", "--position", "-", "--option", "relaxed=no", stdin=deal)
    assert rc == 2 and "conflicts" in err and out == ""


@pytest.mark.parametrize("game,option", [
    ("tripeaks", "mode=easy"), ("tripeaks", "mode=classic"), ("pyramid", "passes=3"), ("devils-grip", None),
    ("spider", "suits=1"), ("spider", "suits=2"), ("spider", "suits=4"), ("klondike", "draw=1"),
    ("klondike", "draw=3"), ("freecell", None)])
def test_winnability_lines_follow_the_contract_for_every_game(game, option):
    """``N status seconds`` with `` M moves`` when solved and `` best K`` (a whole number of cards
    left) where the search keeps a best result, then the tally; exit 0 (docs/contract.md)."""
    import re
    rc, out, err = cli("winnability", game, "--deals", "1-2", "--timeout", "0.5", "--jobs", "1",
                       *(["--option", option] if option else []))
    assert rc == 0 and "Traceback" not in err, err
    lines = out.splitlines()
    assert len(lines) == 3
    for n, line in zip((1, 2), lines):
        assert re.fullmatch(rf"{n} (solved \d+\.\d{{3}} \d+ moves|(unsolvable|unknown) \d+\.\d{{3}})( best \d+)?",
                            line), line
    assert re.fullmatch(r"solved \d+, unsolvable \d+, unknown \d+, seconds \d+\.\d", lines[2])


def test_the_docs_say_what_the_moves_line_does():
    """``Moves:`` is the counter ``play`` goes on from (tested above in every game), an extension of
    the contract written in docs/contract.md: no game's page or docstring may call it ignored."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    assert "### The move counter (an extension)" in (root / "docs" / "contract.md").read_text(encoding="utf-8")
    said = []
    for path in sorted((root / "docs").glob("*.md")) + sorted((root / "games").glob("*.py")):
        text = " ".join(path.read_text(encoding="utf-8").split())
        for m in re.finditer(r"Moves:[^;.]*", text):
            if "ignored" in m.group(0):
                said.append(f"{path.name}: {m.group(0)[:80]}")
    assert not said, said


@pytest.mark.parametrize("game", GAMES)
def test_the_moves_line_changes_no_answer_but_plays_count(game):
    """``moves`` answers the same with a ``Moves:`` line and ``solve`` takes it (its answer within a
    wall-clock budget may differ under load); ``play`` counts on from it."""
    rc, deal, err = cli("deal", game, "--number", "5")
    counted = deal + "Moves: 41\n"
    assert cli("moves", game, "--position", "-", stdin=deal) == cli("moves", game, "--position", "-", stdin=counted)
    if game != "devils-grip":
        rc, out, err = cli("solve", game, "--position", "-", "--timeout", "0.2", stdin=counted)
        assert rc in (0, 1, 3) and not err, err
    rc, moves, err = cli("moves", game, "--position", "-", stdin=deal)
    rc, after, err = cli("play", game, "--position", "-", "--moves", moves.split()[0], stdin=counted)
    assert rc == 0 and "Moves: 42\n" in after, err
