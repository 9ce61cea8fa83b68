"""Edge cases of the command line found by a fresh-clone pass over docs/contract.md: the ``Moves:``
line, repeated flags, how an error names the text the user typed."""
import pytest

from games.__main__ import MOVES_LIMIT
from games.registry import GAMES, find_game
from conftest import run_cli

GAME_NAMES = sorted(GAMES)


run = run_cli


def dealt(capsys, game):
    rc, out, err = run(capsys, "deal", game, "--number", "3")
    assert rc == 0, err
    return out


def first_move(capsys, monkeypatch, game, text):
    rc, out, err = run(capsys, "moves", game, "--position", "-", stdin=text, monkeypatch=monkeypatch)
    assert rc == 0, err
    return out.split()[0]


# -- the Moves: line ----------------------------------------------------------------------------------
@pytest.mark.parametrize("game, command", [(g, c) for g in GAME_NAMES for c in ("moves", "play", "solve")
                                           if find_game(g).has_solver() or c != "solve"])
def test_an_empty_moves_line_is_refused(capsys, monkeypatch, game, command):
    """``Moves:`` with no value is a malformed line, not 0: refused by every command (exit 2, one
    line naming the key), nothing printed on stdout."""
    text = dealt(capsys, game) + "Moves:   \n"
    extra = {"play": ["--moves", "s"], "solve": ["--timeout", "0.1"]}.get(command, [])
    rc, out, err = run(capsys, command, game, "--position", "-", *extra, stdin=text, monkeypatch=monkeypatch)
    assert rc == 2 and out == "", (out, err)
    assert len(err.strip().splitlines()) == 1 and "Moves" in err and "no value" in err, err


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("value, says", [("-1", "Moves -1 is out of range (0..1000000000)"),
                                         ("+5", "Moves '+5' is not a whole number"),
                                         ("", "'Moves:' has no value")])
def test_a_bad_moves_line_is_refused_naming_its_line(capsys, monkeypatch, game, value, says):
    """A bad ``Moves:`` value is refused naming its line, as every other line of a position is;
    a negative count is told out of range, not "not a whole number"."""
    text = dealt(capsys, game)
    line = len(text.splitlines()) + 1
    rc, out, err = run(capsys, "moves", game, "--position", "-", stdin=text + f"Moves: {value}\n",
                       monkeypatch=monkeypatch)
    assert rc == 2 and out == "" and err.startswith(f"error: line {line}: {says}"), err


@pytest.mark.parametrize("game, key", [("klondike", "Foundations"), ("freecell", "Foundations"),
                                       ("tripeaks", "Row 1"), ("pyramid", "Cards")])
def test_an_empty_position_names_the_missing_line_as_it_is_written(capsys, monkeypatch, game, key):
    rc, out, err = run(capsys, "moves", game, "--position", "-", stdin="", monkeypatch=monkeypatch)
    assert rc == 2 and out == "" and err == f"error: the position has no '{key}:' line\n", err


@pytest.mark.parametrize("game", GAME_NAMES)
def test_what_play_writes_reads_back_at_the_moves_limit(capsys, monkeypatch, game):
    """The counter at its limit reads back; a play that would count past it is refused (exit 2,
    nothing printed) rather than writing a ``Moves:`` line no command reads."""
    text = dealt(capsys, game)
    move = first_move(capsys, monkeypatch, game, text)
    below = text + f"Moves: {MOVES_LIMIT - 1}\n"
    rc, out, err = run(capsys, "play", game, "--position", "-", "--moves", move, stdin=below, monkeypatch=monkeypatch)
    assert rc == 0 and f"Moves: {MOVES_LIMIT}\n" in out, err
    rc, _, err = run(capsys, "moves", game, "--position", "-", stdin=out, monkeypatch=monkeypatch)
    assert rc == 0, err
    at = text + f"Moves: {MOVES_LIMIT}\n"
    rc, out, err = run(capsys, "play", game, "--position", "-", "--moves", move, stdin=at, monkeypatch=monkeypatch)
    assert rc == 2 and out == "" and str(MOVES_LIMIT) in err and len(err.strip().splitlines()) == 1, err
    rc, out, err = run(capsys, "moves", game, "--position", "-", stdin=text + f"Moves: {MOVES_LIMIT + 1}\n",
                       monkeypatch=monkeypatch)
    assert rc == 2 and str(MOVES_LIMIT + 1) in err, err


@pytest.mark.parametrize("game, options, start, moves, line", [
    ("tripeaks", [], "s", "3D", "Score: 1000000000"),                       # 3D scores 10
    ("pyramid", [], "", "KD", "Score: 1000000000"),                         # a king scores
    ("klondike", ["--option", "draw=3"], "s s s s s s s s", "s", "Recycles: 1000000000"),   # the 8th draw empties the stock
])
def test_what_play_writes_reads_back_past_a_counts_limit(capsys, monkeypatch, game, options, start, moves, line):
    """``play`` writes the position after the moves, and every command reads that back (docs/contract.md,
    "The move counter"). A score carried over 10^9, or Klondike's recycles over theirs, was written
    (exit 0) as a line ``moves`` then refused; now ``play`` refuses it (exit 2, nothing written,
    one line naming the count), and the position one move before still reads back."""
    rc, text, err = run(capsys, "deal", game, "--number", "1", *options)
    assert rc == 0, err
    if start:
        rc, text, err = run(capsys, "play", game, *options, "--position", "-", "--moves", start, stdin=text,
                            monkeypatch=monkeypatch)
        assert rc == 0, err
    key = line.split(":")[0]
    text = "".join(l + "\n" for l in text.splitlines() if not l.startswith(key + ":")) + line + "\n"
    rc, out, err = run(capsys, "moves", game, *options, "--position", "-", stdin=text, monkeypatch=monkeypatch)
    assert rc == 0 and moves in out.split(), (out, err)
    rc, out, err = run(capsys, "play", game, *options, "--position", "-", "--moves", moves, stdin=text,
                       monkeypatch=monkeypatch)
    assert rc == 2 and out == "" and len(err.strip().splitlines()) == 1, (out, err)
    assert "could not be read back" in err and "out of range" in err and key.lower() in err.lower(), err


@pytest.mark.parametrize("game, key", [("tripeaks", "Score"), ("tripeaks", "Streak"), ("klondike", "Score"),
                                       ("klondike", "Recycles"), ("pyramid", "Score"), ("pyramid", "Pass"),
                                       ("spider", "Score"), ("spider", "Completed")])
def test_an_empty_number_line_of_a_position_is_refused_as_moves_is(capsys, monkeypatch, game, key):
    text = "".join(l + "\n" for l in dealt(capsys, game).splitlines() if not l.startswith(f"{key}:"))
    rc, out, err = run(capsys, "moves", game, "--position", "-", stdin=text + f"{key}:\n", monkeypatch=monkeypatch)
    assert rc == 2 and out == "" and key in err and "no value" in err, err


# -- repeated flags -----------------------------------------------------------------------------------
@pytest.mark.parametrize("argv, flag", [
    (["deal", "klondike", "--number", "1", "--number", "2"], "--number"),
    (["deal", "klondike", "--code", "KL1-D1-AAAAAAB", "--code", "KL1-D1-AAAAAAC"], "--code"),
    (["solve", "freecell", "--number", "1", "--timeout", "1", "--timeout", "2"], "--timeout"),
    (["moves", "klondike", "--position", "a.txt", "--position", "b.txt"], "--position"),
    (["play", "klondike", "--position", "a.txt", "--moves", "s", "--moves", "s s"], "--moves"),
    (["winnability", "klondike", "--deals", "1-2", "--deals", "3-4"], "--deals"),
    (["winnability", "klondike", "--deals", "1-2", "--jobs", "1", "--jobs", "2"], "--jobs"),
    (["deal", "pyramid", "--option", "layout=3", "--option", "layout=4"], "--option"),
])
def test_a_single_valued_flag_given_twice_with_different_values_is_refused(capsys, argv, flag):
    """Every flag that takes one value is refused when given twice with different values, as a
    repeated ``--option`` key is (exit 2, one line naming the flag and both values), never the last
    one taken silently; the same value twice is accepted, as for ``--option``."""
    rc, out, err = run(capsys, *argv)
    lines = err.strip().splitlines()
    assert rc == 2 and out == "" and len(lines) == 1, err
    assert flag in lines[0] and "given twice" in lines[0], lines[0]


def test_the_same_value_twice_is_accepted_as_for_option(capsys):
    rc, out, err = run(capsys, "deal", "klondike", "--number", "5", "--number", "5")
    assert rc == 0 and out == run(capsys, "deal", "klondike", "--number", "5")[1], err


@pytest.mark.parametrize("argv", [
    ["deal", "klondike", "--number", "1", "--number", "01"],
    ["deal", "klondike", "--number", "007", "--number", "7"],
    ["deal", "klondike", "--code", "KL1-D1-AAAAAAB", "--code", "kl1-d1-aaaaaab"],
])
def test_the_same_number_written_twice_differently_is_accepted(capsys, argv):
    """``--number 1 --number 01`` is one number given twice, taken once as ``--number 1`` is."""
    rc, out, err = run(capsys, *argv)
    assert rc == 0 and out == run(capsys, *argv[:4])[1], err


@pytest.mark.parametrize("argv", [
    ["deal", "pyramid", "--option", "layout=7", "--option", "layout=07"],
    ["deal", "pyramid", "--option", "layout=007", "--option", "Layout=07", "--option", "passes=3", "--option", "PASSES=3"],
    ["deal", "pyramid", "--code", "PY1-L07-AAAAAAB", "--option", "layout=07"],
    ["deal", "spider", "--option", "suits=4", "--option", "SUITS= 4 ", "--option", "relaxed=yes", "--option", "relaxed=YES"],
    ["deal", "klondike", "--option", "draw=3", "--option", "draw= 3"],
    ["deal", "tripeaks", "--option", "mode=classic", "--option", "mode=Classic", "--option", "scoring=moves",
     "--option", "scoring=MOVES"],
    ["winnability", "pyramid", "--deals", "1", "--timeout", "1", "--option", "layout=7", "--option", "layout=07"],
    ["daily", "2026-12-05", "--option", "layout=3", "--option", "layout=03"],
])
def test_an_option_value_written_twice_differently_is_taken_once(capsys, argv):
    """docs/contract.md: ``layout=07`` is layout 7, and the same value written differently is taken
    once: the values of a repeated ``--option`` are compared as the rules read them, in every game
    and option; the output is the one of the first spelling alone."""
    rc, out, err = run(capsys, *argv)
    assert rc == 0 and err == "", err
    if argv[0] == "winnability":
        assert out.startswith("1 "), out
        return
    once, seen = [], set()
    head, rest = argv[:2], iter(argv[2:])  # the command and its game or date
    for flag in rest:
        value = next(rest)
        key = value.partition("=")[0].strip().lower() if flag == "--option" else flag
        if key not in seen:
            seen.add(key)
            once += [flag, value]
    assert out == run(capsys, *head, *once)[1]


@pytest.mark.parametrize("argv, shown", [
    (["deal", "pyramid", "--option", "layout=7", "--option", "layout=08"], "('7' and '08')"),
    (["deal", "pyramid", "--option", "layout=07", "--option", "layout=99"], "('07' and '99')"),
    (["deal", "spider", "--option", "suits=2", "--option", "suits=02"], "('2' and '02')"),
    (["daily", "2026-12-05", "--option", "layout=3", "--option", "layout=4"], "('3' and '4')"),
])
def test_an_option_given_twice_with_different_values_is_still_refused(capsys, argv, shown):
    """Two values that the rules read differently (or one they do not take: ``suits=02`` is no
    suit count) stay refused, naming both as typed."""
    rc, out, err = run(capsys, *argv)
    assert rc == 2 and out == "" and "given twice " + shown in err, err


def test_the_same_range_jobs_and_seconds_written_twice_differently_are_accepted(capsys):
    rc, out, err = run(capsys, "winnability", "klondike", "--deals", "1-1", "--deals", "01-001",
                       "--jobs", "1", "--jobs", "01", "--timeout", "5", "--timeout", "5.0")
    assert rc == 0 and out.startswith("1 solved ") and err == "", err


# -- the text a message names is the text typed, quoted once --------------------------------------------
@pytest.mark.parametrize("argv, stdin, shown", [
    (["deal", "klondike", "--option", "DRAW=1", "--option", "Draw=3"], None, "Draw"),
    (["deal", "klondike", "--option", "FOO=1"], None, "'FOO'"),
    (["deal", "klondike", "--option", "DRAW=7"], None, "DRAW"),
    (["deal", "klondike", "--code", "KL1-D1-AAAAAAB", "--option", "DRAW=3"], None, "DRAW"),
    (["moves", "klondike", "--position", "-", "--option", "DRAW=3"], "klondike", "DRAW"),
    (["daily", "2026-12-05", "--option", "FOO=1"], None, "FOO"),
    (["daily", "2026-12-05", "--option", "SUITS=4"], None, "SUITS"),
    (["daily", "2026-12-05", "--option", "SUITS=7"], None, "SUITS"),
    (["winnability", "klondike", "--deals", "1-1", "--option", "DRAW=9"], None, "DRAW"),
])
def test_an_option_key_is_named_as_typed(capsys, monkeypatch, argv, stdin, shown):
    """A message names an ``--option`` key as the user typed it, not lower-cased."""
    text = dealt(capsys, stdin) if stdin else None
    rc, out, err = run(capsys, *argv, stdin=text, monkeypatch=monkeypatch)
    assert rc == 2 and len(err.strip().splitlines()) == 1, err
    assert shown in err and "option " + shown.strip("'").lower() not in err, err


@pytest.mark.parametrize("deals, shown", [
    ("x", "'x' is not a deal number or a range"), ("1-x", "'x' after the dash is not a deal number"),
    ("\x1b[31m", "'\\x1b[31m' is not a deal number or a range"), ("1-", "'1-' has no number after the dash"),
    ("-5", "'-5' has no number before the dash"), ("y-2", "'y' before the dash is not a deal number")])
def test_a_bad_deals_range_is_quoted_once(capsys, deals, shown):
    """``--deals`` names the text at fault once (the whole text, or the number at fault in a range),
    not the whole text and then its piece again."""
    rc, out, err = run(capsys, "winnability", "klondike", "--deals", deals)
    assert rc == 2 and shown in err and err.count("'") == 2, err


# -- a text that is no deal code shows the game's own code shape --------------------------------------
@pytest.mark.parametrize("game, text", [("pyramid", "PY1-L01"), ("pyramid", "PY1"),
                                        *[(g, "X") for g in GAME_NAMES]])
def test_a_text_that_is_no_code_is_shown_the_games_own_shape(capsys, game, text):
    """A text that is not three parts is refused showing a code of the game as an example (Pyramid's
    rule part is ``L01``, not ``X``) and what its rule part must be, the words its refusal of a bad
    rule part uses; the example is a code the game reads, deal 1 of its default rules."""
    import re

    rules = find_game(game)
    rc, out, err = run(capsys, "deal", game, "--code", text)
    assert rc == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    shown = re.search(r"\(expected (\S+); (.*)\)$", err.strip())
    assert shown, err
    assert rules.decode(shown.group(1)) == (1, rules.decode(rules.code(1, {}))[1])
    assert shown.group(1) == rules.code(1, {})
    assert shown.group(2) == rules.CODE_RULE_PART
    bad_rules = run(capsys, "deal", game, "--code", f"{rules.code_prefix}-Q9-AAAAAAB")[2]
    assert bad_rules.strip().endswith(rules.CODE_RULE_PART), bad_rules


def test_a_code_with_blanks_around_it_and_lower_case_deals_as_the_code(capsys):
    """docs/contract.md: a ``--code`` is read as the code field reads a pasted one (blanks around
    it ignored, either case); a number flag takes no blanks."""
    rc, plain, _ = run(capsys, "deal", "tripeaks", "--code", "TP1-E-AAAAAAH")
    rc2, padded, _ = run(capsys, "deal", "tripeaks", "--code", " tp1-e-aaaaaah\t")
    assert rc == rc2 == 0 and padded == plain
    rc3, out, err = run(capsys, "deal", "tripeaks", "--number", " 7")
    assert rc3 == 2 and not out and err


@pytest.mark.parametrize("text", ["TP1-E-AAAAAAH.", "(TP1-E-AAAAAAH)", "“TP1-E-AAAAAAH”", "TP1 - E - AAAAAAH",
                                  "ＴＰ１－Ｅ－ＡＡＡＡＡＡＨ", "https://pasyans.example/?lang=ru&deal=TP1-E-AAAAAAH#x",
                                  "\u200bTP1\u2014E\u2014AAAAAAH", "Can you beat this? https://x.io/?deal=TP1-E-AAAAAAH",
                                  "Play my deal: TP1-E-AAAAAAH, thanks"])
def test_a_code_reads_as_the_code_field_reads_one_pasted(capsys, text):
    """docs/contract.md: a ``--code`` is read as the app's code field reads a code pasted into it
    (``games.share.field_code``, the field's own reading): signs and blanks anywhere left out,
    full-width forms and look-alike dashes read plain, an address read for its ``deal=``; the same
    text given twice is one value."""
    rc, plain, _ = run(capsys, "deal", "tripeaks", "--code", "TP1-E-AAAAAAH")
    rc2, got, err = run(capsys, "deal", "tripeaks", "--code", text)
    assert rc == rc2 == 0 and got == plain, err
    rc3, again, _ = run(capsys, "deal", "tripeaks", "--code", text, "--code", "TP1-E-AAAAAAH")
    assert rc3 == 0 and again == plain


def test_a_code_with_a_letter_no_code_has_is_refused_as_given(capsys):
    rc, out, err = run(capsys, "deal", "tripeaks", "--code", "TP1-E-ДAAAAAH")
    assert rc == 2 and not out and "'TP1-E-ДAAAAAH'" in err, err


def test_what_is_left_out_takes_the_documented_defaults(capsys):
    """docs/contract.md, "What is left out": ``deal`` without a number deals 1; ``--deals N`` is
    the one deal N-N."""
    assert run(capsys, "deal", "spider")[1] == run(capsys, "deal", "spider", "--number", "1")[1]
    rc, out, _ = run(capsys, "winnability", "tripeaks", "--deals", "3", "--jobs", "1", "--timeout", "5")
    lines = out.strip().splitlines()
    assert rc == 0 and len(lines) == 2 and lines[0].split()[0] == "3", out


# -- hint: the app's hint on the command line ---------------------------------------------------------
@pytest.mark.parametrize("argv, want", [
    (("klondike", "--number", "694", "--option", "draw=1"), "34\nwinning\n"),   # the column move first
    (("klondike", "--code", "KL1-D3-AAAABAS"), "34\nlost\n"),                  # proved lost in draw 3
    (("devils-grip", "--number", "1"), "1.4>1.7\nbest\n"),
])
def test_hint_gives_the_apps_hint_and_what_it_is(capsys, argv, want):
    """docs/contract.md, "Commands": ``hint`` prints the move the app's hint shows and what it is;
    the search is the app's within its node budget, so the answer is pinned."""
    rc, out, err = run(capsys, "hint", *argv)
    assert (rc, out, err) == (0, want, "")


def test_hint_on_a_position_with_no_legal_move_says_none(capsys, monkeypatch):
    rc, out, err = run(capsys, "deal", "freecell", "--number", "1")
    won = "Foundations: C-K D-K H-K S-K\nFreecells: - - - -\n" + ":\n" * 8
    rc, out, err = run(capsys, "hint", "freecell", "--position", "-", stdin=won, monkeypatch=monkeypatch)
    assert (rc, out, err) == (0, "none\nnone\n", "")
    rc, out, err = run(capsys, "hint", "freecell", "--number", "1", "--code", "FC1-M-AAAAAAB")
    assert rc == 2 and out == "" and "one of" in err


def test_hint_says_lost_where_solve_proves_it_at_once(capsys, monkeypatch):
    """A Spider what-if whose cards cannot all leave as runs (its stock cut): ``solve`` answers
    unsolvable at once; ``hint`` said ``progress`` (its search gave up early), now ``lost`` too."""
    rc, out, err = run(capsys, "deal", "spider", "--number", "3")
    cut = "".join("Stock:\n" if line.startswith("Stock:") else line + "\n" for line in out.splitlines())
    rc, out, err = run(capsys, "solve", "spider", "--position", "-", stdin=cut, monkeypatch=monkeypatch)
    assert (rc, out) == (1, "unsolvable\n")
    rc, out, err = run(capsys, "hint", "spider", "--position", "-", stdin=cut, monkeypatch=monkeypatch)
    assert rc == 0 and out.splitlines()[1] == "lost"


def test_hint_after_moves_knows_where_the_game_has_been(capsys):
    """fresh30b G2 on the command line: FreeCell 11982 after ``54 61 78 1a`` is proved lost and
    ``hint`` on that position alone answers ``a1`` (the card just parked, back: then ``1a`` for
    ever). Given the moves with ``--moves``, the lost hint goes somewhere the game has not been,
    and a bad move is refused as ``play`` refuses it."""
    rc, out, _ = run(capsys, "hint", "freecell", "--number", "11982", "--moves", "54 61 78 1a")
    assert rc == 0 and out == "1b\nlost\n"
    rc, out, err = run(capsys, "hint", "freecell", "--number", "11982", "--moves", "54 61 x")
    assert rc == 2 and out == "" and "move 3 'x' is illegal" in err
